// The `none` backend runs commands without an OS sandbox; when handrail is root it still holds each command's
// processes in a cgroup of its own, so a daemon that clears its environment (the run marker with it) and
// leaves its session is killed when the command ends.
import { describe, expect, it } from 'vitest';
import { createNoneBackend } from '../../../src/sandbox/backends/index.js';
import { pidsCgroupSupport } from '../../../src/sandbox/process/pids-cgroup.js';
import { processesRunning } from '../../support/processes.js';
import { eventually, run, uniqueSleep, workspace } from '../process/helpers.js';

const cgroups = process.geteuid?.() === 0 ? pidsCgroupSupport() : undefined;

describe.runIf(cgroups?.ok)('none, with a cgroup (handrail is root)', () => {
  it('a daemon without the run marker, in a session of its own, does not outlive the command', async () => {
    const ws = workspace();
    const seconds = uniqueSleep();
    try {
      const r = await run(
        ws,
        `(setsid env -i /bin/sleep ${seconds} </dev/null >/dev/null 2>&1 &); echo started`,
        { backend: createNoneBackend() },
      );
      expect(r.stdout).toBe('started\n');
      expect(r.exit.unsandboxed).toBe(true);
      expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 0)).toBe(true);
    } finally {
      for (const p of processesRunning(`sleep ${seconds}`)) process.kill(p.pid, 'SIGKILL');
    }
  });

  it('and no process limit is imposed: none is no sandbox', async () => {
    const r = await run(workspace(), 'for i in $(seq 1 600); do /bin/true & done; wait; echo ok', {
      backend: createNoneBackend(),
    });
    expect(r.stdout).toBe('ok\n');
    expect(r.exit.notes).toEqual([]);
  });
});
