// The permission intent of a shell call: the command's argv as the classifier split it, its risk and the
// working directory, so the permission stage can allow or ask.
import { classifyCommand } from '../../policy/command-risk/index.js';
import type { PermissionIntent } from '../../types/index.js';
import { intentPaths } from '../fs/context.js';

export function commandIntent(
  operation: string,
  cmd: unknown,
  workdir: unknown,
  cwd: string,
): PermissionIntent {
  const command = typeof cmd === 'string' ? cmd : '';
  const risk = classifyCommand(command);
  const dir = typeof workdir === 'string' && workdir !== '' ? workdir : '.';
  return {
    action: 'shell_command',
    summary: command,
    scope: {
      operation,
      argv: risk.commands,
      // Whether argv is the whole story (no redirections, substitutions, variables): rules allow by argv only then.
      argvExact: risk.exact,
      risk: risk.risk,
      reasons: risk.reasons,
      workdir: intentPaths(cwd, [dir])[0] ?? cwd,
    },
  };
}
