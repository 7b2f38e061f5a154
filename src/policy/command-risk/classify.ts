// classifyCommand: the risk of a whole command line is the worst of its parts.
import type { Report } from './analyze.js';
import { programName } from './names.js';
import { untrustedShell } from './shells.js';
import { type CommandRisk, dangerous, type Risk, rank, structural, unknown, worse } from './types.js';
import { scanScript } from './walk.js';

/** More simple commands than this is 'unknown' however harmless each one is. */
export const MAX_COMMANDS = 32;

export interface ClassifyOptions {
  /**
   * The shell that runs the line (exec_command's `shell`: a name or a system path); bash when absent. The
   * classifier reads bash: for sh and dash, what they read as other commands (`$'…'`, `&>`) is not safe;
   * nothing other shells run is safe (shells.ts).
   */
  shell?: string;
}

/**
 * How risky running `cmd` with bash (or `options.shell`) is: 'safe' (read-only programs from a small
 * allowlist), 'dangerous' (destroys data, runs as root, runs downloaded code) or 'unknown'. Used to choose
 * between allowing and asking — never as the security boundary, which is the OS sandbox.
 */
export function classifyCommand(cmd: string, options: ClassifyOptions = {}): CommandRisk {
  const report: Report = { verdicts: [], commands: [] };
  const shell = options.shell ?? 'bash';
  report.verdicts.push(...untrustedShell(shell));
  try {
    scanScript(cmd, report, 0, programName(shell).name);
  } catch (error) {
    // The permission stage must get an answer: a classifier fault means "ask".
    const message = error instanceof Error ? error.message : String(error);
    report.verdicts.push(
      structural(
        dangerous(`the command could not be classified (${message}), so it is treated as dangerous`),
      ),
    );
  }
  if (report.commands.length > MAX_COMMANDS) {
    report.verdicts.push(structural(unknown(`more than ${MAX_COMMANDS} commands`)));
  }
  let risk: Risk = 'safe';
  for (const verdict of report.verdicts) risk = worse(risk, verdict.risk);
  const ordered = report.verdicts
    .filter((v) => v.risk !== 'safe')
    .map((v, i) => ({ v, i }))
    .sort((a, b) => rank(b.v.risk) - rank(a.v.risk) || a.i - b.i)
    .map(({ v }) => v.reason);
  const exact = !report.verdicts.some((v) => v.structural);
  return { risk, reasons: [...new Set(ordered)], commands: report.commands, exact };
}
