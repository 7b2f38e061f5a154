import path from 'node:path';
import { findExecutable } from './executables.js';

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

/**
 * The longest command line that can be run: the shell gets it as one argument, and Linux refuses a single
 * argument over 32 pages (MAX_ARG_STRLEN, 128 KiB with its NUL) with E2BIG.
 */
export const MAX_COMMAND_BYTES = 128 * 1024 - 1;

/** Why a command cannot be run as given because of its size, or undefined. */
export function commandSizeProblem(cmd: string): string | undefined {
  if (cmd.length <= MAX_COMMAND_BYTES / 3) return undefined;
  const bytes = Buffer.byteLength(cmd, 'utf8');
  if (bytes <= MAX_COMMAND_BYTES) return undefined;
  return `The command is ${(bytes / 1024).toFixed(1)} KiB; one command line can be at most 128 KiB (the kernel's limit for a single argument). Write the script to a file (write_file) and run that file instead, e.g. \`bash script.sh\`.`;
}

/** Largest argv (all arguments together) a program may be given: half the kernel's usual 2 MiB ARG_MAX. */
export const MAX_ARGV_BYTES = 1024 * 1024;

/** Why a program's argv cannot be run as given because of its size, or undefined. */
export function argvSizeProblem(argv: readonly string[]): string | undefined {
  let total = 0;
  for (const [i, arg] of argv.entries()) {
    const bytes = Buffer.byteLength(arg, 'utf8');
    if (bytes > MAX_COMMAND_BYTES) {
      return `Argument ${i} is ${(bytes / 1024).toFixed(1)} KiB; one argument can be at most 128 KiB (the kernel's limit for a single argument). Pass it in a file instead.`;
    }
    total += bytes + 1;
  }
  if (total > MAX_ARGV_BYTES) {
    return `The arguments are ${(total / 1024).toFixed(1)} KiB together; at most ${MAX_ARGV_BYTES / 1024} KiB can be passed. Pass them in a file instead.`;
  }
  return undefined;
}

/**
 * argv for running `cmd` in a shell, or a message when the shell is not one handrail knows. The shell is
 * an absolute path in the system directories (`bash` → /usr/bin/bash), never looked up on the command's
 * PATH, where a directory of the workspace could hold another `bash`.
 */
export function shellArgv(shell: string | undefined, cmd: string): { argv: string[] } | { message: string } {
  const requested = shell ?? 'bash';
  const name = path.posix.basename(requested);
  const flags = Object.hasOwn(SHELLS, name) ? SHELLS[name] : undefined;
  if (!flags || (requested !== name && !/^\/(usr\/)?(local\/)?bin\/[a-z]+$/.test(requested))) {
    return {
      message: `Unknown shell ${JSON.stringify(requested)}: use one of ${SUPPORTED_SHELLS.join(', ')} (the default is bash).`,
    };
  }
  const program = requested === name ? (findExecutable(name) ?? `/bin/${name}`) : requested;
  return { argv: [program, ...flags, cmd] };
}
