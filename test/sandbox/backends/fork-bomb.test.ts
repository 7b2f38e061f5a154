// The process limit holds whatever uid a command runs as — uid 0 without capabilities (a root-owned
// workspace), the workspace's owner, nobody (read-only roots), and handrail's own uid when it is not root —
// under both OS backends: a fork bomb stops at the limit, the call returns at its timeout, nothing of it is
// left, and the host can start processes afterwards. Real bwrap, real Landlock, real processes.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBwrapBackend, createLandlockBackend } from '../../../src/sandbox/backends/index.js';
import type { SandboxBackend } from '../../../src/sandbox/process/backend-types.js';
import { pidsCgroupSupport } from '../../../src/sandbox/process/pids-cgroup.js';
import { processesWithEnv, readProcessTable } from '../../../src/sandbox/process/proc-table.js';
import { processesRunning } from '../../support/processes.js';
import { repoRoot } from '../../support/repo.js';
import { asUser, isRoot, REAL_USER, TEST_UID, userEnv } from '../../support/users.js';
import { run, workspace } from '../process/helpers.js';

const makers: Record<string, () => SandboxBackend> = {
  bwrap: () => createBwrapBackend(),
  landlock: () => createLandlockBackend(),
};
const available = Object.keys(makers).filter((name) => makers[name]!().status().state !== 'unavailable');
const dist = path.join(repoRoot, 'dist');
const worker = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'calls-worker.mjs');
const built = existsSync(path.join(dist, 'index.js'));

const LIMIT = 512; // the default
/**
 * Forks children that sleep until no more fork, then prints how many it made and ends them (perl stops at
 * the first failed fork; bash would retry with growing pauses).
 */
const COUNT_FORKS =
  'perl -e \'my @kids; for (1..5000) { my $p = fork(); last unless defined $p; if (!$p) { sleep 60; exit } push @kids, $p } print scalar(@kids), "\\n"; kill 9, @kids; waitpid($_, 0) for @kids\'';
const BOMB = 'bomb() { bomb | bomb & }; bomb; sleep 30';

type Who = 'uid 0 without capabilities' | 'the workspace owner' | 'nobody';

/** A workspace whose owner and roots make commands run as `who` (handrail being root). */
function setup(who: Who) {
  const ws = workspace({ owner: who === 'the workspace owner' ? 'test' : 'root' });
  chmodSync(ws, 0o755);
  const roots = [{ path: ws, access: who === 'nobody' ? ('read' as const) : ('write' as const) }];
  return { ws, roots };
}

const mode: Record<Who, string> = {
  'uid 0 without capabilities': 'mapped-root',
  'the workspace owner': 'owner',
  nobody: 'nobody',
};

const cases = available.flatMap((backend) =>
  (['uid 0 without capabilities', 'the workspace owner', 'nobody'] as const).map(
    (who) => [backend, who] as const,
  ),
);

describe.skipIf(!isRoot || !pidsCgroupSupport().ok)('a fork bomb, handrail being root', () => {
  it.each(cases)(
    '%s, commands running as %s: stops at the limit, returns at its timeout, leaves nothing',
    async (name, who) => {
      const backend = makers[name]!();
      const { ws, roots } = setup(who);
      const counted = await run(ws, COUNT_FORKS, { backend, roots });
      expect(counted.plan.sandbox.identity?.mode).toBe(mode[who]);
      const forks = Number(counted.stdout.trim());
      // A few hundred: the limit, less the processes of the command itself (shell, perl, bwrap's init).
      expect(forks).toBeGreaterThan(LIMIT - 10);
      expect(forks).toBeLessThan(LIMIT);
      console.log(`${name}, ${who}: ${forks} forks before the limit`);

      const bomb = await run(ws, { cmd: BOMB, timeoutMs: 1500 }, { backend, roots, graceMs: 100 });
      expect(bomb.exit.timedOut).toBe(true);
      expect(bomb.exit.notes.join('\n')).toContain(
        `The command reached the process limit (${LIMIT} processes)`,
      );
      expect([...processesWithEnv(readProcessTable(), 'HANDRAIL_RUN', bomb.plan.runId)]).toEqual([]);
      // The host, and the next command, can still start processes.
      expect(execFileSync('sh', ['-c', 'echo host-alive'], { encoding: 'utf8' })).toBe('host-alive\n');
      expect((await run(ws, 'echo alive', { backend, roots })).stdout).toBe('alive\n');
    },
    60_000,
  );
});

const user = REAL_USER ?? { uid: TEST_UID, gid: TEST_UID, home: '/' };

describe.skipIf(!isRoot || !built)('a fork bomb, handrail running as an ordinary user', () => {
  it.each(available)(
    '%s: stops at the limit, returns at its timeout, and the user can start processes afterwards',
    (sandbox) => {
      const ws = workspace({ owner: 'root' });
      chmodSync(ws, 0o755);
      execFileSync('chown', [`${user.uid}:${user.gid}`, ws]);
      const argv = asUser(user, [
        process.execPath,
        worker,
        dist,
        ws,
        JSON.stringify({ sandbox }),
        COUNT_FORKS,
        JSON.stringify({ cmd: BOMB, timeout_ms: 1500 }),
        'echo alive',
      ]);
      const out = execFileSync(argv[0]!, argv.slice(1), {
        cwd: ws,
        encoding: 'utf8',
        env: userEnv(user),
        timeout: 60_000,
      });
      const [counted, bomb, after] = JSON.parse(out) as Array<{ isError: boolean; text: string }>;
      const forks = Number(/Output:\n(\d+)/.exec(counted!.text)?.[1]);
      // Without a user namespace (Landlock) RLIMIT_NPROC counts all of the user's processes: the helper allows
      // the limit beyond those running when the command starts, some of which (handrail's own helpers) end.
      expect(forks).toBeGreaterThan(LIMIT - 10);
      expect(forks).toBeLessThanOrEqual(LIMIT + 16);
      console.log(`${sandbox}, handrail as uid ${user.uid}: ${forks} forks before the limit`);
      expect(bomb!.text).toContain('The command was killed after its timeout of 1500 ms.');
      expect(after!.text).toMatch(/Output:\nalive\n?$/);
      expect(processesRunning(BOMB)).toEqual([]);
    },
    60_000,
  );
});
