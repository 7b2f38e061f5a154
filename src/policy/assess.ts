// The policy's own reading of a call (the trust rule, docs/trust-model.md). A tool describes what the call will do —
// the command line and where it runs, the characters it sends to a running process, the paths, the URL —
// and this module computes every fact a decision rests on: a command's sub-commands, whether they are the
// whole line, and its risk. Whatever verdict a tool wrote into its intent (`risk`, `argv`, …) is dropped
// first, so no tool can label its own call safe.

import { gitCommandHazards } from '../sandbox/index.js';
import type { PermissionIntent } from '../types/index.js';
import { classifyCommand, gitPrintsStoredContent, type Risk } from './command-risk/index.js';
import { worse } from './command-risk/types.js';

/** Scope keys only the policy may set; a tool's values for them are discarded. */
export const VERDICT_KEYS = ['risk', 'reasons', 'argv', 'argvExact'] as const;

/** What the runtime knows of the turn that the line does not say: handed in by the runtime, never by a tool. */
export interface AssessContext {
  /** The turn's deny-read rule covering an absolute path, or undefined (the file policy's own matcher). */
  deniedRead?: (absolutePath: string) => string | undefined;
  /** The deny-read rules the owner set: with any, a git line that can print history is not a plain read. */
  ownDenyRead?: readonly string[];
}

/**
 * The intent with the policy's verdicts: tool-supplied verdict keys removed; for `shell_command`, the
 * command (or the input sent to a session) classified here. A `shell_command` intent that names neither is
 * `unknown`.
 */
export function assessIntent(intent: PermissionIntent, context: AssessContext = {}): PermissionIntent {
  const scope: Record<string, unknown> = { ...intent.scope };
  for (const key of VERDICT_KEYS) delete scope[key];
  const assessed: PermissionIntent = { ...intent, scope };
  if (intent.claimed) assessed.claimed = assessIntent(intent.claimed, context);
  else delete assessed.claimed;
  if (intent.action !== 'shell_command') return assessed;

  if (typeof scope.command !== 'string') {
    if (typeof scope.stdin === 'string') return assessInput(assessed, scope.stdin);
    return withVerdict(assessed, 'unknown', ['the call names no command line'], [], false);
  }
  const risk = classifyCommand(scope.command, typeof scope.shell === 'string' ? { shell: scope.shell } : {});
  let verdict = risk.risk;
  const reasons = [...risk.reasons];
  if (verdict === 'safe' && scope.tty === true) {
    // In a terminal, programs page (git log through less) and prompt: what runs is no longer the line alone.
    verdict = 'unknown';
    reasons.push('it runs in a terminal, where programs may page or prompt');
  }
  if (verdict === 'safe' && typeof scope.workdir === 'string') {
    let hazards: string[];
    try {
      hazards = surroundingHazards(scope.workdir, risk.commands, context);
    } catch (error) {
      hazards = [`its surroundings could not be checked (${(error as Error)?.message ?? String(error)})`];
    }
    if (hazards.length > 0) {
      verdict = 'unknown';
      reasons.push(...hazards);
    }
  }
  if (typeof scope.stdin === 'string' && scope.stdin !== '') {
    // A command that is also fed input: rated as the worse of the two, and never exact.
    const input = assessInput({ ...assessed, scope: { ...scope } }, scope.stdin).scope;
    return withVerdict(
      assessed,
      worse(verdict, input.risk as Risk),
      [...reasons, ...(input.reasons as string[])],
      risk.commands,
      false,
    );
  }
  return withVerdict(assessed, verdict, reasons, risk.commands, risk.exact);
}

/**
 * Input to a running program, which may be a shell: classified as a command line and never safe. An empty
 * write only polls the session's output.
 */
function assessInput(intent: PermissionIntent, stdin: string): PermissionIntent {
  if (stdin === '') return withVerdict(intent, 'safe', [], [], false);
  const risk = classifyCommand(stdin);
  return withVerdict(
    intent,
    risk.risk === 'safe' ? 'unknown' : risk.risk,
    risk.risk === 'safe' ? ['input to a running program can do anything that program allows'] : risk.reasons,
    risk.commands,
    false,
  );
}

function withVerdict(
  intent: PermissionIntent,
  risk: 'safe' | 'unknown' | 'dangerous',
  reasons: string[],
  argv: string[][],
  exact: boolean,
): PermissionIntent {
  intent.scope.argv = argv;
  intent.scope.argvExact = exact;
  intent.scope.risk = risk;
  intent.scope.reasons = reasons;
  return intent;
}

/**
 * What the line does not say but its surroundings make it do: configuration in the repository a git command
 * would use that makes git run programs (core.fsmonitor, diff.external, filters, …), and a repository that
 * tracks a path the turn may not read, for the git commands that can print it from the object store (which
 * the sandbox cannot hide). The system config is the administrator's, not something a workspace can plant,
 * so it is left out.
 */
function surroundingHazards(workdir: string, commands: string[][], context: AssessContext): string[] {
  const { deniedRead, ownDenyRead = [] } = context;
  return gitCommandHazards(workdir, commands, {
    systemConfig: false,
    ...(deniedRead
      ? { storedContent: { deniedBy: deniedRead, prints: gitPrintsStoredContent, rules: ownDenyRead } }
      : {}),
  });
}
