import { describe, expect, it } from 'vitest';
import { alive, collect, startChild, survivors, until } from './helpers.js';

describe('childStart', () => {
  it('runs in its own process group and session, with stdout and stderr interleaved', async () => {
    const handle = startChild('echo out; echo err >&2; echo out2');
    const output = collect(handle);
    const end = await handle.exited;
    expect(end).toEqual({ code: 0, signal: null });
    expect(output.text().split('\n').sort()).toEqual(['', 'err', 'out', 'out2']);
  });

  it('writes to stdin and reads the echo back, then exits when stdin closes', async () => {
    const handle = startChild('cat');
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
    const handle = startChild('sleep 1000', { stdin: 'ignore' });
    expect(handle.stdinOpen).toBe(false);
    await expect(handle.write('x')).rejects.toThrow(/closed/);
  });

  it('kills the whole group: a background sleep goes with the shell', async () => {
    const handle = startChild('sleep 1000 & echo $!; wait');
    const output = collect(handle);
    await until(() => output.text().endsWith('\n'), 'the background pid');
    const background = Number(output.text().trim());
    expect(alive(background)).toBe(true);
    await handle.kill();
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
    expect((await handle.exited).signal).toBe('SIGTERM');
  });

  it('leaves no orphan when the command exits with a job still running', async () => {
    const handle = startChild('sleep 1000 & echo $!');
    const output = collect(handle);
    const end = await handle.exited;
    expect(end.code).toBe(0);
    expect(alive(Number(output.text().trim()))).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('kills a job-control subgroup of the session too', async () => {
    // With `set -m` the background job gets a process group of its own, still in the session.
    const handle = startChild('set -m; sleep 1000 & echo $!; wait');
    const output = collect(handle);
    await until(() => output.text().endsWith('\n'), 'the background pid');
    const background = Number(output.text().trim());
    expect(survivors(handle.pid)).toContain(background);
    await handle.kill();
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('SIGKILLs a process that ignores SIGTERM once the grace has passed', async () => {
    const handle = startChild("trap '' TERM; echo ready; sleep 1000; echo survived", { graceMs: 300 });
    const output = collect(handle);
    await until(() => output.text().includes('ready'), 'the trap');
    await handle.kill();
    const end = await handle.exited;
    expect(end.signal).toBe('SIGKILL');
    expect(output.text()).not.toContain('survived');
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('interrupt sends SIGINT to the group', async () => {
    const handle = startChild('sleep 1000');
    await until(() => survivors(handle.pid).length > 0, 'the process');
    handle.interrupt?.();
    expect((await handle.exited).signal).toBe('SIGINT');
  });

  it('reports a program that cannot start', async () => {
    const { childStart } = await import('../../../../src/tools/shell/session/index.js');
    const handle = childStart(['/nonexistent/program'], { cwd: '/', env: {}, stdin: 'ignore' });
    const end = await handle.exited;
    expect(end.code).toBeNull();
    expect(end.error).toMatch(/ENOENT/);
    await handle.kill(); // a no-op, not a crash
  });
});
