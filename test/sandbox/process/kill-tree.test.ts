import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createNoneBackend } from '../../../src/sandbox/backends/index.js';
import type { SandboxBackend } from '../../../src/sandbox/process/backend-types.js';
import { isAlive, killTree, spawnPlanned } from '../../../src/sandbox/process/index.js';
import { eventually, processesRunning, uniqueSleep } from '../../support/processes.js';
import { bwrapBackend, plan, run, runPlan, workspace } from './helpers.js';

const bwrap = await bwrapBackend();
const backends: Array<[string, SandboxBackend]> = [['none', createNoneBackend()]];
if (bwrap.status().state !== 'unavailable') backends.push(['bwrap', bwrap]);

/** Nothing whose command line holds `sleep <n>` is left in the process table (zombies aside). */
async function gone(...sleeps: string[]): Promise<string[]> {
  await eventually(() => sleeps.every((n) => processesRunning(`sleep ${n}`).length === 0));
  return sleeps.flatMap((n) => processesRunning(`sleep ${n}`).map((p) => p.cmdline));
}

describe.each(backends)('killing the tree (%s)', (_name, backend) => {
  it('a timeout kills the command and reports it', async () => {
    const ws = workspace();
    const n = uniqueSleep();
    const r = await run(ws, { cmd: `sleep ${n}`, timeoutMs: 300 }, { backend, graceMs: 200 });
    // bwrap reports its command's death by a signal as the exit code 128 + n.
    expect(r.exit).toMatchObject({ timedOut: true, killed: true, aborted: false });
    expect(r.exit.code === null || r.exit.code === 143).toBe(true);
    expect(await gone(n)).toEqual([]);
  });

  it('a timeout takes background jobs, setsid daemons and double-forked daemons with it', async () => {
    const ws = workspace();
    const [a, b, c, d] = [uniqueSleep(), uniqueSleep(), uniqueSleep(), uniqueSleep()];
    const cmd = `sleep ${a} & setsid sleep ${b} & (setsid sleep ${c} &) ; sleep ${d}`;
    const r = await run(ws, { cmd, timeoutMs: 500 }, { backend, graceMs: 200 });
    expect(r.exit.timedOut).toBe(true);
    expect(await gone(a, b, c, d)).toEqual([]);
  });

  it('a process that ignores SIGTERM is killed after the grace period', async () => {
    const ws = workspace();
    const n = uniqueSleep();
    const cmd = `trap '' TERM; echo ready; while :; do sleep ${n}; done`;
    const r = await run(ws, { cmd, timeoutMs: 300 }, { backend, graceMs: 200 });
    expect(r.exit.timedOut).toBe(true);
    expect(r.stdout).toBe('ready\n');
    expect(await gone(n)).toEqual([]);
  });

  it('SIGTERM reaches the command first, so it can clean up within the grace period', async () => {
    const ws = workspace();
    const n = uniqueSleep();
    const p = await plan(
      ws,
      { cmd: `trap 'echo got-term; exit 7' TERM; echo ready; sleep ${n} & wait` },
      { backend },
    );
    if (!p.ok) throw new Error(p.message);
    let out = '';
    const handle = spawnPlanned(p.plan, {
      graceMs: 5000,
      onStdout: (chunk) => {
        out += chunk.toString();
        if (out.includes('ready')) void handle.kill();
      },
    });
    const exit = await handle.exit;
    expect(out).toBe('ready\ngot-term\n');
    expect(exit.killed).toBe(true);
    expect(await gone(n)).toEqual([]);
  });

  it('an AbortSignal kills the tree and reports an abort', async () => {
    const ws = workspace();
    const n = uniqueSleep();
    const controller = new AbortController();
    const p = await plan(ws, { cmd: `echo started; sleep ${n} & sleep ${n}` }, { backend });
    if (!p.ok) throw new Error(p.message);
    const handle = spawnPlanned(p.plan, {
      signal: controller.signal,
      graceMs: 200,
      onStdout: () => controller.abort(),
    });
    expect(await handle.exit).toMatchObject({ aborted: true, timedOut: false, killed: true });
    expect(handle.running).toBe(false);
    expect(await gone(n)).toEqual([]);
  });

  it('an already aborted signal kills at once', async () => {
    const ws = workspace();
    const n = uniqueSleep();
    const p = await plan(ws, { cmd: `sleep ${n}` }, { backend });
    if (!p.ok) throw new Error(p.message);
    const r = await runPlan(p.plan, { signal: AbortSignal.abort(), graceMs: 100 });
    expect(r.exit.aborted).toBe(true);
    expect(await gone(n)).toEqual([]);
  });

  it('what a command leaves running when it exits is killed with it', async () => {
    const ws = workspace();
    const [a, b, c] = [uniqueSleep(), uniqueSleep(), uniqueSleep()];
    const cmd = `sleep ${a} & setsid sleep ${b} & (setsid sleep ${c} &); echo done`;
    const r = await run(ws, cmd, { backend, graceMs: 200 });
    expect(r.exit).toMatchObject({ code: 0, killed: false });
    expect(r.stdout).toBe('done\n');
    expect(await gone(a, b, c)).toEqual([]);
  });

  it('the exit waits for output written before the end', async () => {
    const ws = workspace();
    const r = await run(ws, 'seq 1 20000', { backend });
    expect(r.exit.code).toBe(0);
    expect(r.stdout.split('\n').length).toBe(20001);
  });

  it('cleanup removes the run directory once the command has ended', async () => {
    const ws = workspace();
    const r = await run(ws, 'echo $HOME', { backend });
    const home = r.stdout.trim();
    expect(isAlive(process.pid)).toBe(true);
    const { existsSync } = await import('node:fs');
    expect(existsSync(home)).toBe(false);
  });
});

describe('killTree on a plain child', () => {
  it('kills a detached child, its group and a descendant in its own session', async () => {
    const n = uniqueSleep();
    const child = spawn('bash', ['-c', `setsid sleep ${n} & sleep ${n} & wait`], {
      detached: true,
      stdio: 'ignore',
    });
    await eventually(() => processesRunning(`sleep ${n}`).length >= 3);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const report = await killTree(child, { graceMs: 100 });
    await exited;
    expect(report.terminated.length).toBeGreaterThanOrEqual(3);
    expect(await gone(n)).toEqual([]);
  });

  it('does nothing for a child without a pid', async () => {
    expect(await killTree({ pid: undefined })).toEqual({ terminated: [], killed: [] });
  });

  it('reports a spawn that could not start', async () => {
    const ws = workspace();
    const p = await plan(ws, { cmd: 'true' }, { backend: createNoneBackend() });
    if (!p.ok) throw new Error(p.message);
    const broken = { ...p.plan, argv: ['/nonexistent/program'] };
    const r = await runPlan(broken);
    expect(r.exit.code).toBeNull();
    expect(r.exit.error).toContain('ENOENT');
  });
});
