// Nothing left behind outside .handrail/: after runtime.close(), after the process exits with a command still
// running, and after it is killed with SIGKILL (cleaned by the next process, without touching what a live
// one holds). Real processes (the built package), real bwrap.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/index.js';
import { createLandlockBackend } from '../../src/sandbox/backends/index.js';
import { builtinTools } from '../../src/tools/index.js';
import { processesRunning } from '../support/processes.js';
import { repoRoot } from '../support/repo.js';
import { bwrapReady } from '../support/sandbox.js';
import { sharedTempDir } from '../support/temp.js';
import { isRoot, own, TEST_UID } from '../support/users.js';

const dist = path.join(repoRoot, 'dist');
const worker = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'leftover-worker.mjs');
const built = existsSync(path.join(dist, 'index.js'));
if (!built) console.warn('dist/ is missing: run `npm run build` for the leftovers test.');
const landlockReady = createLandlockBackend().status().state !== 'unavailable';
const children: ChildProcess[] = [];
// Before the directories go (support/temp.ts removes them after this file's own afterAll hooks).
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function fresh(): string {
  const dir = sharedTempDir('handrail-left-');
  chmodSync(dir, 0o755);
  own(dir);
  return dir;
}

/** `handrail-run-<boot>.<pidns>.<pid>.<start>-XXXXXX` directories of one process (see run-dir.ts). */
function runDirsOf(pid: number): string[] {
  return readdirSync('/tmp').filter(
    (name) => name.startsWith('handrail-run-') && name.split('.')[2] === `${pid}`,
  );
}

interface Worker {
  pid: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** A handrail process with a command running (see fixtures/leftover-worker.mjs), once the command runs. */
function start(
  ws: string,
  mode: 'exit' | 'wait' | 'close',
  seconds: number,
  extra?: string,
  sandbox: 'bwrap' | 'landlock' = 'bwrap',
): Promise<Worker> {
  const args = [worker, dist, ws, mode, String(seconds), ...(extra ? [extra] : [])];
  const [command, ...rest] = isRoot
    ? ['setpriv', `--reuid=${TEST_UID}`, `--regid=${TEST_UID}`, '--clear-groups', process.execPath, ...args]
    : [process.execPath, ...args];
  const child = spawn(command!, rest, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HANDRAIL_TEST_SANDBOX: sandbox },
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const pid = /running (\d+)/.exec(out)?.[1];
      if (pid) resolve({ pid: Number(pid), child, exited });
    });
    void exited.then((code) => reject(new Error(`worker exited (${code}) before its command ran: ${err}`)));
  });
}

describe.skipIf(!built || !bwrapReady)('nothing left behind outside .handrail/', () => {
  it('after runtime.close(), with a command still running', async () => {
    const ws = fresh();
    const runtime = createRuntime({
      workspace: ws,
      tools: builtinTools(),
      profile: 'full_access',
      sandbox: 'bwrap',
    });
    const turn = runtime.beginTurn();
    const result = await turn.call({
      id: 'c1',
      name: 'exec_command',
      arguments: { cmd: 'sleep 30', yield_time_ms: 300 },
    });
    expect(result.isError).toBe(false);
    expect(existsSync(path.join(ws, '.npmrc'))).toBe(true);
    expect(runDirsOf(process.pid)).toHaveLength(1);
    await runtime.close();
    expect(readdirSync(ws)).toEqual(['.handrail']);
    expect(runDirsOf(process.pid)).toEqual([]);
  }, 30_000);

  it('after the process exits without closing, its command still running', async () => {
    const ws = fresh();
    const w = await start(ws, 'exit', 30);
    expect(await w.exited).toBe(0);
    expect(readdirSync(ws)).toEqual(['.handrail']);
    expect(runDirsOf(w.pid)).toEqual([]);
  }, 30_000);

  it('after SIGKILL: the next process cleans up, and leaves what a live process holds', async () => {
    const ws = fresh();
    // A holds `.tool-versions` alone (its own protected path) and the built-in names with B.
    const a = await start(ws, 'wait', 60, '.tool-versions');
    const b = await start(ws, 'close', 4);
    a.child.kill('SIGKILL');
    await a.exited;
    // What a killed process leaves: its placeholders and its run directory.
    expect(existsSync(path.join(ws, '.tool-versions'))).toBe(true);
    expect(runDirsOf(a.pid)).toHaveLength(1);

    // The next process to run a command cleans up after A, not after B, which still runs.
    const c = await start(ws, 'close', 0);
    expect(await c.exited).toBe(0);
    expect(existsSync(path.join(ws, '.tool-versions'))).toBe(false);
    expect(runDirsOf(a.pid)).toEqual([]);
    expect(existsSync(path.join(ws, '.npmrc'))).toBe(true);
    expect(runDirsOf(b.pid)).toHaveLength(1);

    expect(await b.exited).toBe(0);
    expect(readdirSync(ws)).toEqual(['.handrail']);
    expect(runDirsOf(b.pid)).toEqual([]);
    expect(runDirsOf(c.pid)).toEqual([]);
  }, 60_000);

  it.skipIf(!landlockReady)(
    'under Landlock too: after SIGKILL the command is gone, the next process cleans up',
    async () => {
      const ws = fresh();
      const a = await start(ws, 'wait', 60, undefined, 'landlock');
      a.child.kill('SIGKILL');
      await a.exited;
      expect(runDirsOf(a.pid)).toHaveLength(1);
      const c = await start(ws, 'close', 0, undefined, 'landlock');
      expect(await c.exited).toBe(0);
      expect(runDirsOf(a.pid)).toEqual([]);
      expect(runDirsOf(c.pid)).toEqual([]);
      expect(readdirSync(ws)).toEqual(['.handrail']);
      // The command of the killed process did not outlive it (the helper dies with its parent).
      expect(processesRunning('sleep 60; echo slept')).toEqual([]);
    },
    60_000,
  );
});
