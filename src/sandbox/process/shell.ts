import path from 'node:path';

/**
 * Shells a command may run in, with the flags that keep each from reading startup files. `sh`/`dash` read
 * none when non-interactive (and `ENV` is refused); `zsh -f` skips every file but /etc/zshenv, which is a
 * system file the sandbox keeps read-only.
 */
const SHELLS: Record<string, readonly string[]> = {
  bash: ['--norc', '--noprofile', '-c'],
  sh: ['-c'],
  dash: ['-c'],
  zsh: ['-f', '-c'],
};

export const SUPPORTED_SHELLS: readonly string[] = Object.keys(SHELLS);

/** argv for running `cmd` in a shell, or a message when the shell is not one handrail knows. */
export function shellArgv(shell: string | undefined, cmd: string): { argv: string[] } | { message: string } {
  const requested = shell ?? 'bash';
  // `/bin/bash` and `bash` are the same shell; the sandbox looks it up on its own PATH.
  const name = path.posix.basename(requested);
  const flags = Object.hasOwn(SHELLS, name) ? SHELLS[name] : undefined;
  if (!flags || (requested !== name && !/^\/(usr\/)?(local\/)?bin\/[a-z]+$/.test(requested))) {
    return {
      message: `Unknown shell ${JSON.stringify(requested)}: use one of ${SUPPORTED_SHELLS.join(', ')} (the default is bash).`,
    };
  }
  return { argv: [requested, ...flags, cmd] };
}
