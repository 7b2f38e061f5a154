import type { SandboxBackend } from '../process/backend-types.js';
import { findExecutable } from '../process/executables.js';
import { prlimitArgs } from '../process/rlimits.js';

/** What a caller adds to every result of a command run by the `none` backend. */
export const UNSANDBOXED_NOTICE = 'This command ran without an OS sandbox (sandbox: none).';

/**
 * No OS sandbox: the command runs directly as handrail's user, with the filtered environment, its own
 * process group and the resource limits that do not depend on a user namespace (file size, open files,
 * core dumps, address space; not the process count, which the kernel counts over all of the user's
 * processes). Chosen only explicitly; every plan from it says `unsandboxed: true`. Read paths
 * (`policy.readPaths`) need nothing here: the command can read whatever handrail's user can.
 */
export function createNoneBackend(): SandboxBackend {
  const prlimit = findExecutable('prlimit');
  return {
    name: 'none',
    status: () => ({ state: 'ready', reason: 'Commands run without an OS sandbox.' }),
    async wrap(command) {
      const notes = [UNSANDBOXED_NOTICE];
      const argv = prlimit
        ? [...prlimitArgs(prlimit, command.rlimits, { processes: false }), ...command.argv]
        : command.argv;
      if (!prlimit) notes.push('Resource limits are not applied: prlimit (util-linux) is missing.');
      return {
        ok: true,
        argv,
        env: command.env,
        cwd: command.cwd,
        commandEnv: command.env,
        sandbox: { backend: 'none', unsandboxed: true, notes },
        release: async () => [],
      };
    },
  };
}
