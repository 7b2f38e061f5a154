import path from 'node:path';
import type { SandboxBackend } from '../process/backend-types.js';
import { findExecutable } from '../process/executables.js';
import { createPidsCgroup, joinArgs, pidsCgroupSupport } from '../process/pids-cgroup.js';
import { prlimitArgs } from '../process/rlimits.js';

/** What a caller adds to every result of a command run by the `none` backend. */
export const UNSANDBOXED_NOTICE = 'This command ran without an OS sandbox (sandbox: none).';

/**
 * No OS sandbox: the command runs directly as handrail's user, with the filtered environment, its own
 * process group and the resource limits that do not depend on a user namespace (file size, open files,
 * core dumps, address space; not the process count, which the kernel counts over all of the user's
 * processes). Chosen only explicitly; every plan from it says `unsandboxed: true`. Read paths
 * (`policy.readPaths`) need nothing here: the command can read whatever handrail's user can.
 *
 * What the command leaves running is found by its process group, its descendants and the run marker in its
 * environment; a daemon that clears its environment and leaves its session escapes all three. When handrail
 * is root the command also runs in a cgroup of its own (without a limit), and whatever is still in it when the
 * command ends is killed: only a process that moves itself to another cgroup (which root may) escapes that.
 */
export function createNoneBackend(): SandboxBackend {
  const prlimit = findExecutable('prlimit');
  const root = process.geteuid?.() === 0;
  return {
    name: 'none',
    status: () => ({ state: 'ready', reason: 'Commands run without an OS sandbox.' }),
    async wrap(command) {
      const notes = [UNSANDBOXED_NOTICE];
      const limited = prlimit
        ? [...prlimitArgs(prlimit, command.rlimits, { processes: false }), ...command.argv]
        : command.argv;
      if (!prlimit) notes.push('Resource limits are not applied: prlimit (util-linux) is missing.');
      const cgroup = root ? createPidsCgroup(path.basename(command.runDir)) : undefined;
      const sh = pidsCgroupSupport();
      const held = cgroup && 'procs' in cgroup && sh.ok ? cgroup : undefined;
      return {
        ok: true,
        argv: held && sh.ok ? [...joinArgs(sh.sh, held.procs), ...limited] : limited,
        env: command.env,
        cwd: command.cwd,
        commandEnv: command.env,
        sandbox: { backend: 'none', unsandboxed: true, notes },
        release: async () => {
          await held?.remove();
          return [];
        },
      };
    },
  };
}
