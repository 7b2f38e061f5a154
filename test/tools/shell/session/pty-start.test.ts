import { describe, expect, it } from 'vitest';
import { ptyAvailable } from '../../../../src/tools/shell/session/index.js';
import { alive, collect, startPty, survivors, until } from './helpers.js';

describe('ptyStart', () => {
  it('the native module loads on this host', () => {
    expect(ptyAvailable()).toBe(true);
  });

  it('runs the command in a real terminal', async () => {
    const handle = startPty('test -t 0 && test -t 1 && echo "tty: $(tput cols 2>/dev/null || stty size)"');
    const output = collect(handle);
    expect(await handle.exited).toEqual({ code: 0, signal: null });
    expect(output.text()).toMatch(/^tty: /);
  });

  it('answers an interactive prompt through write', async () => {
    const handle = startPty('read -p "name? " n; echo "hi $n"');
    const output = collect(handle);
    await until(() => output.text().includes('name? '), 'the prompt');
    await handle.write('bob\r');
    expect(await handle.exited).toEqual({ code: 0, signal: null });
    // The terminal echoes the answer, then the program's reply follows (CRLF line ends).
    expect(output.text()).toBe('name? bob\r\nhi bob\r\n');
  });

  it('delivers raw bytes: multibyte characters survive', async () => {
    const handle = startPty("printf 'h\\xc3\\xa9llo \\xe2\\x82\\xac\\n'");
    const output = collect(handle);
    await handle.exited;
    expect(output.text()).toBe('héllo €\r\n');
  });

  it('closeStdin sends end-of-file to a reader', async () => {
    const handle = startPty('cat; echo "cat ended"');
    const output = collect(handle);
    await handle.write('abc\r');
    await until(() => output.text().includes('abc\r\nabc\r\n'), 'the echo');
    handle.closeStdin();
    expect(await handle.exited).toEqual({ code: 0, signal: null });
    expect(output.text()).toContain('cat ended');
  });

  it('kill takes down the whole process group: a background sleep too', async () => {
    const handle = startPty('sleep 1000 & echo "bg $!"; wait');
    const output = collect(handle);
    await until(() => /bg \d+/.test(output.text()), 'the background pid');
    const background = Number(/bg (\d+)/.exec(output.text())![1]);
    expect(alive(background)).toBe(true);
    await handle.kill();
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('leaves no orphan when the command exits with a job still running', async () => {
    const handle = startPty('nohup sleep 1000 >/dev/null 2>&1 & echo "bg $!"');
    const output = collect(handle);
    expect((await handle.exited).code).toBe(0);
    const background = Number(/bg (\d+)/.exec(output.text())![1]);
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('SIGKILLs an interactive shell that ignores SIGTERM', async () => {
    // An interactive bash ignores SIGTERM by design.
    const handle = startPty('', { graceMs: 300, args: ['--norc', '--noprofile', '-i'] });
    const output = collect(handle);
    await handle.write('echo "ready $$"\r');
    await until(() => /ready \d+/.test(output.text()), 'the shell');
    await handle.kill();
    expect((await handle.exited).signal).toBe('SIGKILL');
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('Ctrl-C interrupts the foreground program', async () => {
    const handle = startPty('python3 -c "import time; print(\'started\', flush=True); time.sleep(1000)"');
    const output = collect(handle);
    await until(() => output.text().includes('started'), 'python to start');
    handle.interrupt?.();
    expect((await handle.exited).signal).toBe('SIGINT');
    // The terminal echoes ^C and the program dies of the SIGINT the line discipline sent it.
    expect(output.text()).toContain('KeyboardInterrupt');
  });

  it('refuses writes once the terminal has exited', async () => {
    const handle = startPty('true');
    await handle.exited;
    expect(handle.stdinOpen).toBe(false);
    await expect(handle.write('x')).rejects.toThrow(/closed/);
  });
});
