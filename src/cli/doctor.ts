// `handrail doctor [--json]`: what handrail needs on this machine, checked one by one (doctor-checks.ts),
// printed as ✓ (fine), ! (works, with less) or ✗ (broken) with what to do. Exit 0 when commands can run
// confined and nothing they depend on is broken, 1 otherwise.
import { parseArgs } from 'node:util';
import { loadEffectiveConfig } from './configured.js';
import {
  backendChecks,
  type Check,
  type CheckStatus,
  commandsCheck,
  configCheck,
  type DoctorContext,
  networkCheck,
  nodeCheck,
  policyCheck,
  ptyCheck,
  ripgrepCheck,
  storeCheck,
} from './doctor-checks.js';
import { mcpServersCheck } from './doctor-mcp.js';
import type { GlobalOptions } from './global-options.js';
import { DOCTOR_HELP } from './help.js';
import { type CliIO, createStyle, type Style, wantsColor } from './style.js';

export async function runDoctor(argv: string[], globals: GlobalOptions, io: CliIO): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout.write(DOCTOR_HELP);
    return 0;
  }
  const ctx: DoctorContext = {
    root: globals.root,
    loaded: loadEffectiveConfig(globals, io),
    trustProject: globals.trustProject,
    env: io.env,
  };
  const commands = await commandsCheck(ctx);
  const { confined, ...commandsLine } = commands;
  const checks: Check[] = [
    nodeCheck(),
    ...(await backendChecks(ctx)),
    commandsLine,
    ripgrepCheck(ctx),
    ptyCheck(),
    storeCheck(ctx),
    configCheck(ctx),
    policyCheck(ctx),
    networkCheck(ctx),
  ];
  const mcp = await mcpServersCheck(ctx);
  if (mcp) checks.push(mcp);
  const broken = checks.filter((c) => c.required && c.status === 'fail');
  const ok = confined && broken.length === 0;
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ok, confined, workspace: globals.root, checks }, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  const style = createStyle(wantsColor(io.stdout, io.env));
  io.stdout.write(`${style.bold('handrail doctor')} for ${globals.root}\n\n`);
  for (const check of checks) io.stdout.write(renderCheck(check, style));
  io.stdout.write(`\n${verdict(ok, confined, broken, style)}\n`);
  return ok ? 0 : 1;
}

const MARKS: Record<CheckStatus, (style: Style) => string> = {
  ok: (s) => s.green('✓'),
  warn: (s) => s.yellow('!'),
  fail: (s) => s.red('✗'),
};

/** `✓ title: detail`, further lines of the detail indented, then `→ fix` for a warn or fail. */
function renderCheck(check: Check, style: Style): string {
  const [first, ...more] = check.detail.split('\n');
  const lines = [`${MARKS[check.status](style)} ${style.bold(check.title)}: ${first}`];
  for (const line of more) lines.push(`    ${line}`);
  if (check.fix && check.status !== 'ok') lines.push(`    ${style.dim(`→ ${check.fix}`)}`);
  return `${lines.join('\n')}\n`;
}

function verdict(ok: boolean, confined: boolean, broken: Check[], style: Style): string {
  if (ok) return style.green('Ready: commands can run confined.');
  const why = [
    ...(confined ? [] : ['commands cannot run confined']),
    ...(broken.length > 0 ? [`fix the ${broken.map((c) => c.title).join(', the ')}`] : []),
  ];
  return style.red(`Not ready: ${why.join('; ')}.`);
}
