// The session handle exec_command uses (startPlanned over spawnPlanned), with pipes: input, output, and
// killing the whole tree. The pty side is in planned-pty.test.ts.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alive, survivors } from '../../../support/processes.js';
import { tempDir } from '../../../support/temp.js';
import { until } from '../../../support/wait.js';
import { bashPlan, collect, startChild, startHandle } from './helpers.js';

describe('startPlanned with pipes', () => {
  it('runs in its own process group and session, with stdout and stderr interleaved', async () => {
    const handle = await startChild('echo out; echo err >&2; echo out2; ps -o pgid=,sid= -p $$');
    const output = collect(handle);
    const end = await handle.exited;
    expect(end).toEqual({ code: 0, signal: null });
    // Two pipes: stderr's line may arrive anywhere among stdout's.
    const lines = output.text().trim().split('\n');
    const ids = lines.filter((line) => /^\s*\d+\s+\d+$/.test(line));
    expect(lines.filter((line) => !ids.includes(line)).sort()).toEqual(['err', 'out', 'out2']);
    expect(ids.map((line) => line.trim().split(/\s+/).map(Number))).toEqual([[handle.pid, handle.pid]]);
    expect(handle.result).toMatchObject({ code: 0, killed: false, timedOut: false, unsandboxed: true });
  });

  it('writes to stdin and reads the echo back, then exits when stdin closes', async () => {
    const handle = await startChild('cat');
    const output = collect(handle);
    expect(handle.stdinOpen).toBe(true);
    await handle.write('hello\n');
    await until(() => output.text() === 'hello\n', 'the echo');
    await handle.write(Buffer.from('second line\n'));
    await until(() => output.text() === 'hello\nsecond line\n', 'the second echo');
    handle.closeStdin();
    expect(handle.stdinOpen).toBe(false);
    expect(await handle.exited).toEqual({ code: 0, signal: null });
  });

  it('reports a closed stdin: writes are refused', async () => {
    const handle = await startChild('sleep 1000', { stdin: 'closed' });
    expect(handle.stdinOpen).toBe(false);
    await expect(handle.write('x')).rejects.toThrow(/closed/);
  });

  it('kills the whole group: a background sleep goes with the shell', async () => {
    const handle = await startChild('sleep 1000 & echo $!; wait');
    const output = collect(handle);
    await until(() => output.text().endsWith('\n'), 'the background pid');
    const background = Number(output.text().trim());
    expect(alive(background)).toBe(true);
    await handle.kill();
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
    expect((await handle.exited).signal).toBe('SIGTERM');
    expect(handle.result).toMatchObject({ killed: true, timedOut: false });
  });

  it('leaves no orphan when the command exits with a job still running', async () => {
    const handle = await startChild('sleep 1000 & echo $!');
    const output = collect(handle);
    const end = await handle.exited;
    expect(end.code).toBe(0);
    expect(alive(Number(output.text().trim()))).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
    expect(handle.result?.leftovers).toBe(1);
  });

  it('kills a job-control subgroup of the session too', async () => {
    // With `set -m` the background job gets a process group of its own, still in the session.
    const handle = await startChild('set -m; sleep 1000 & echo $!; wait');
    const output = collect(handle);
    await until(() => output.text().endsWith('\n'), 'the background pid');
    const background = Number(output.text().trim());
    expect(survivors(handle.pid)).toContain(background);
    await handle.kill();
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('SIGKILLs a process that ignores SIGTERM once the grace has passed', async () => {
    const handle = await startChild("trap '' TERM; echo ready; sleep 1000; echo survived", { graceMs: 300 });
    const output = collect(handle);
    await until(() => output.text().includes('ready'), 'the trap');
    await handle.kill();
    const end = await handle.exited;
    expect(end.signal).toBe('SIGKILL');
    expect(output.text()).not.toContain('survived');
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('interrupt sends SIGINT to the group', async () => {
    const handle = await startChild('sleep 1000');
    await until(() => survivors(handle.pid).length > 0, 'the process');
    handle.interrupt?.();
    expect((await handle.exited).signal).toBe('SIGINT');
  });

  it('reports a command that cannot start as an end with an error, and cleans up its run', async () => {
    // The workdir vanished between planning and starting: the spawn itself fails.
    const workdir = tempDir('handrail-session-');
    const plan = { ...(await bashPlan('echo never')), cwd: `${workdir}/gone` };
    const handle = startHandle(plan);
    const end = await handle.exited;
    expect(end.code).toBeNull();
    expect(end.signal).toBeNull();
    expect(end.error).toMatch(/ENOENT/);
    expect(handle.stdinOpen).toBe(false);
    await expect(handle.write('x')).rejects.toThrow(/closed/);
    await handle.kill(); // a no-op, not a crash
    expect(existsSync(plan.env.HOME!)).toBe(false);
  });
});
