// Judges one simple command from its argv: unwraps the programs that run other programs, then applies the
// rules for the program it finally runs.
import { DANGER_RULES, dangerByName } from './danger-rules.js';
import { findExecCommands } from './find.js';
import { CODE_RUNNERS, isInterpreter, programName } from './names.js';
import { SAFE_RULES } from './safe-rules.js';
import { type Arg, dangerous, opaque, type Rule, shown, structural, unknown, type Verdict } from './types.js';
import { controlCharacter } from './words.js';
import { wrapperFor } from './wrappers.js';

/** What the classifier collects across a whole command line. */
export interface Report {
  verdicts: Verdict[];
  commands: string[][];
}

/** A program that will run, for the checks that look across commands (pipes into a shell, heredocs). */
export interface Found {
  /** Program name ('' when it comes from an expansion). */
  name: string;
  /** It reads shell commands from standard input. */
  stdinShell: boolean;
}

export interface CommandContext {
  report: Report;
  /**
   * Classify nested shell source (`bash -c`, `eval`), returning what it runs. `shell` is the program that
   * reads it (`sh -c`, watch's `sh -c`); without one, the shell reading the line (`eval`, `trap`).
   */
  script(source: string, shell?: string): Found[];
  /** A downloader whose output is spliced into this command's words (`eval "$(curl …)"`), if any. */
  downloaded: string | null;
}

/** How many wrappers deep one command may go (`nice nice nice … rm`). */
const MAX_WRAPPERS = 16;

export function analyzeArgv(argv: Arg[], ctx: CommandContext, appends = false, wrappers = 0): Found[] {
  const { report } = ctx;
  const head = argv[0];
  if (!head) return [];
  const args = argv.slice(1);
  if (head.value === null) {
    record(report, argv, appends);
    report.verdicts.push(unknown(`command name comes from an expansion (${head.raw})`));
    if (ctx.downloaded) report.verdicts.push(dangerous(`runs code downloaded by ${ctx.downloaded}`));
    return [{ name: '', stdinShell: false }];
  }
  const { name, untrusted } = programName(head.value);
  if (untrusted) report.verdicts.push(unknown(`${head.value} is not a system program`));
  if (ctx.downloaded && (isInterpreter(name) || CODE_RUNNERS.has(name)))
    report.verdicts.push(dangerous(`${name} runs code downloaded by ${ctx.downloaded}`));

  const wrapper = wrapperFor(name);
  if (wrapper) {
    if (wrappers >= MAX_WRAPPERS) {
      report.verdicts.push(unknown('too many nested wrapper commands'));
      return [];
    }
    const unwrapped = wrapper(args);
    report.verdicts.push(...unwrapped.verdicts);
    // `xargs timeout`, `xargs nice`, `xargs env`, `xargs xargs`: the words xargs reads become the wrapper's
    // command (`echo 1 touch x | xargs timeout` runs `timeout 1 touch x`), known only at run time.
    if (appends && !unwrapped.script && (!unwrapped.inner?.length || unwrapped.implicit)) {
      record(report, argv, appends);
      report.verdicts.push(
        unknown(`xargs gives ${name} the words it reads, so what ${name} runs is known only at run time`),
      );
      return [{ name, stdinShell: false }];
    }
    if (unwrapped.script) {
      const { text, raw, label, shell } = unwrapped.script;
      // `xargs -I{} sh -c '… {} …'` splices its input into the script.
      if (appends) report.verdicts.push(unknown(`xargs passes its input to ${label}`));
      if (text !== null) return ctx.script(text, shell);
      record(report, argv, appends);
      report.verdicts.push(unknown(`${label} runs a script known only at run time (${raw})`));
      return [{ name, stdinShell: false }];
    }
    if (unwrapped.inner && unwrapped.inner.length > 0) {
      return analyzeArgv(unwrapped.inner, ctx, appends || unwrapped.appends === true, wrappers + 1);
    }
    record(report, argv, appends);
    if (unwrapped.alone) report.verdicts.push(unwrapped.alone);
    return [{ name, stdinShell: unwrapped.stdinShell === true }];
  }

  record(report, argv, appends);
  // xargs adds words it reads: judge the command as if one more word, unknown until run time, followed.
  const judged = appends ? [...args, { value: null, raw: '…', leadingGlob: false }] : args;
  const rule = ruleFor(name);
  if (rule) report.verdicts.push(...rule(judged));
  else report.verdicts.push(unknown(`${name} is not in the safe list`));
  if (name === 'find') {
    for (const inner of findExecCommands(args))
      analyzeArgv(inner, { ...ctx, downloaded: null }, false, wrappers + 1);
  }
  return [{ name, stdinShell: false }];
}

/**
 * Note a simple command's argv. A word decided only when the shell runs (`$X`, `$(…)`, a leading glob that
 * could expand to `--output=…`) means the argv is not the whole story: the line is not exact, so no allow
 * rule may match it by its words. So do the words xargs appends (`appends`). (The findings do not change the
 * risk.)
 */
function record(report: Report, argv: Arg[], appends: boolean): void {
  report.commands.push(argv.map(shown));
  if (appends && argv[0])
    report.verdicts.push(
      structural({ risk: 'safe', reason: `xargs adds the words it reads to ${shown(argv[0])}` }),
    );
  const dynamic = argv.find(opaque);
  if (dynamic)
    report.verdicts.push(structural({ risk: 'safe', reason: `${dynamic.raw} is known only at run time` }));
  // `$'\e[2J'`, `$'\r'`: a word that reads one way on screen and another to the program.
  for (const arg of argv) {
    const control = arg.value === null ? null : controlCharacter(arg.value);
    if (control) {
      report.verdicts.push(structural(unknown(`${arg.raw} contains the control character ${control}`)));
      break;
    }
  }
}

function ruleFor(name: string): Rule | undefined {
  if (Object.hasOwn(DANGER_RULES, name)) return DANGER_RULES[name];
  if (Object.hasOwn(SAFE_RULES, name)) return SAFE_RULES[name];
  return dangerByName(name);
}
