// `handrail config [--json]`: the effective configuration, every value with its source (default, user,
// project, file, flag), what was overridden or ignored and why. Exit 2 when a file is invalid.
import { parseArgs } from 'node:util';
import type { LoadedConfig, SettingReport } from '../config/index.js';
import { configError, loadEffectiveConfig, printWarnings } from './configured.js';
import type { GlobalOptions } from './global-options.js';
import { CONFIG_HELP } from './help.js';
import { type CliIO, createStyle, type Style, wantsColor } from './style.js';

export async function runConfig(argv: string[], globals: GlobalOptions, io: CliIO): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout.write(CONFIG_HELP);
    return 0;
  }
  const loaded = loadEffectiveConfig(globals, io);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(jsonReport(loaded, globals), null, 2)}\n`);
    return loaded.errors.length > 0 ? 2 : 0;
  }
  if (loaded.errors.length > 0) throw configError(loaded);
  const style = createStyle(wantsColor(io.stdout, io.env));
  io.stdout.write(textReport(loaded, globals, style));
  // What an untrusted project tried to widen is in the report already; the other warnings follow it.
  printWarnings(
    loaded.warnings.filter((w) => w.code !== 'ignored'),
    io,
    'handrail config',
  );
  return 0;
}

function jsonReport(loaded: LoadedConfig, globals: GlobalOptions) {
  return {
    ok: loaded.errors.length === 0,
    workspace: globals.root,
    trustProject: globals.trustProject,
    files: loaded.files,
    settings: loaded.sources,
    config: loaded.config,
    warnings: loaded.warnings,
    errors: loaded.errors,
  };
}

const KEY_WIDTH = 30;
const VALUE_WIDTH = 44;

function textReport(loaded: LoadedConfig, globals: GlobalOptions, style: Style): string {
  const lines = [`${style.bold('Configuration')} for ${globals.root}`, '', style.bold('Files')];
  for (const file of loaded.files) {
    const state = !file.found
      ? style.dim('not found')
      : file.trusted
        ? 'used'
        : `used, ${style.yellow('not trusted')}: it only tightens (--trust-project to let it widen)`;
    const what = file.format === 'mcp' ? ' (--mcp-config: its mcpServers only)' : '';
    lines.push(`  ${file.layer.padEnd(8)} ${file.path}  ${state}${what}`);
  }
  if (!loaded.files.some((f) => f.layer === 'file'))
    lines.push(`  ${'file'.padEnd(8)} ${style.dim('(--config FILE)')}`);
  lines.push('', `${style.bold('Settings')} ${style.dim('(value, then where it comes from)')}`);
  for (const [key, report] of Object.entries(loaded.sources)) lines.push(...settingLines(key, report, style));
  return `${lines.join('\n')}\n`;
}

function settingLines(key: string, report: SettingReport, style: Style): string[] {
  const from = (source: string, file?: string) =>
    source === 'default' ? style.dim('default') : file ? `${source} ${style.dim(file)}` : source;
  const row = (k: string, value: string, source: string) =>
    `  ${k.padEnd(KEY_WIDTH)} ${value.padEnd(VALUE_WIDTH)} ${source}`;
  const lines: string[] = [];
  if (report.entries) {
    if (report.entries.length === 0) lines.push(row(key, '(none)', from('default')));
    // A server's line is long (command and arguments): its source goes on the line below.
    const long = key === 'mcpServers';
    report.entries.forEach((entry, i) => {
      const name = i === 0 ? key : '';
      if (!long) lines.push(row(name, show(entry.value), from(entry.source, entry.file)));
      else {
        lines.push(`  ${name.padEnd(KEY_WIDTH)} ${show(entry.value)}`);
        lines.push(`  ${''.padEnd(KEY_WIDTH)}   ${style.dim('from')} ${from(entry.source, entry.file)}`);
      }
    });
  } else {
    const value = report.value;
    const shown = Array.isArray(value) ? value.map(show) : [show(value)];
    shown.forEach((text, i) => {
      lines.push(row(i === 0 ? key : '', text, i === 0 ? from(report.source, report.file) : ''));
    });
  }
  for (const old of report.overridden ?? []) {
    lines.push(`  ${''.padEnd(KEY_WIDTH)} ${style.dim(`replaces ${show(old.value)} from ${old.source}`)}`);
  }
  for (const ignored of report.ignored ?? []) {
    lines.push(
      `  ${''.padEnd(KEY_WIDTH)} ${style.yellow(`ignored ${show(ignored.value)} from ${ignored.source}`)}: ${ignored.reason}`,
    );
  }
  return lines;
}

/** A value on one line: strings as they are, roots as `path (access)`, the rest as compact JSON. */
function show(value: unknown): string {
  if (value === undefined) return '(none)';
  if (isServerEntry(value)) return showServer(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'path' in value && 'access' in value) {
    return `${String(value.path)} (${String(value.access)})`;
  }
  if (typeof value === 'object' && value !== null && 'uid' in value && 'gid' in value) {
    return `${String(value.uid)}:${String(value.gid)}`;
  }
  return JSON.stringify(value);
}

type ServerEntry = { name: string; command?: string; args?: string[]; url?: string } & Record<
  string,
  unknown
>;

function isServerEntry(value: unknown): value is ServerEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    ('command' in value || 'url' in value || 'disabled' in value)
  );
}

/** `fs: npx -y server-fs . (stdio) env: TOKEN` — env and header values are never shown, only their names. */
function showServer(entry: ServerEntry): string {
  const target =
    entry.command !== undefined
      ? `${[entry.command, ...(entry.args ?? [])].join(' ')} (stdio)`
      : entry.url !== undefined
        ? `${entry.url} (${typeof entry.type === 'string' && entry.type !== 'stdio' ? entry.type : 'http'})`
        : '';
  const names = (key: string) =>
    typeof entry[key] === 'object' && entry[key] !== null ? Object.keys(entry[key] as object) : [];
  const extras = [
    names('env').length > 0 ? `env: ${names('env').join(', ')}` : '',
    names('headers').length > 0 ? `headers: ${names('headers').join(', ')}` : '',
    entry.trust === 'annotations' ? 'trust: annotations' : '',
    entry.lazy === true ? 'lazy' : '',
    entry.disabled === true ? 'disabled' : '',
  ].filter(Boolean);
  return [`${entry.name}:`, target, extras.join('; ')].filter(Boolean).join(' ');
}
