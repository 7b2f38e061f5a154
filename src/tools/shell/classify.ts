// The permission intent of a shell call: only what will run — the command line, where, and whether in a
// terminal. The policy classifies the command itself (policy/assess.ts); a tool never rates its own call.
import type { PermissionIntent } from '../../types/index.js';
import { intentPaths } from '../shared/file-checks.js';

export function commandIntent(
  operation: string,
  cmd: unknown,
  workdir: unknown,
  cwd: string,
  tty = false,
  shell?: unknown,
): PermissionIntent {
  const command = typeof cmd === 'string' ? cmd : '';
  const dir = typeof workdir === 'string' && workdir !== '' ? workdir : '.';
  const where = intentPaths(cwd, [dir])[0] ?? cwd;
  // Run somewhere other than the turn's directory: the human is shown where, and `./build.sh` there is a
  // different program from `./build.sh` here (no "always" rule may cover both).
  const elsewhere = where !== (intentPaths(cwd, ['.'])[0] ?? cwd);
  return {
    action: 'shell_command',
    summary: elsewhere ? `${command} (in ${dir})` : command,
    scope: {
      operation,
      command,
      workdir: where,
      ...(elsewhere ? { elsewhere: true } : {}),
      ...(tty ? { tty: true } : {}),
      // The shell reads the line: the policy judges it for that shell (dash has no $'…', zsh runs more).
      ...(typeof shell === 'string' ? { shell } : {}),
    },
  };
}
