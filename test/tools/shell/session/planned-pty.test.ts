// The session handle exec_command uses for tty: true (startPlanned with ptySpawn under spawnPlanned): a real
// terminal, raw bytes, Ctrl-C and Ctrl-D through the line discipline, and killing the whole tree.
import { describe, expect, it } from 'vitest';
import { plannedStart } from '../../../../src/tools/shell/process-adapter.js';
import { DEFAULT_COLS, DEFAULT_ROWS } from '../../../../src/tools/shell/pty-spawn.js';
import { onCleanup } from '../../../support/cleanup.js';
import { alive, survivors } from '../../../support/processes.js';
import { until } from '../../../support/wait.js';
import { bashPlan, collect, startHandle, startPty } from './helpers.js';

describe('startPlanned in a pseudo-terminal', () => {
  it('runs the command in a real terminal of the default size, as session leader', async () => {
    const handle = await startPty(
      'test -t 0 && test -t 1 && echo "tty: $(stty size) $TERM $(ps -o sid= -p $$)"',
    );
    const output = collect(handle);
    expect(await handle.exited).toEqual({ code: 0, signal: null });
    // TERM is the host's when it names a terminal, xterm-256color otherwise; never the pipes' `dumb`.
    expect(output.text()).toMatch(
      // ps pads the session id to its column width: a short pid comes with extra spaces.
      new RegExp(`^tty: ${DEFAULT_ROWS} ${DEFAULT_COLS} xterm\\S* +${handle.pid}\r\n$`),
    );
  });

  it('opens the terminal at the size the session asks for', async () => {
    const plan = await bashPlan('stty size', { tty: true });
    const handle = plannedStart(plan)({ tty: true, cols: 80, rows: 24 });
    onCleanup(() => handle.kill());
    const output = collect(handle);
    await handle.exited;
    expect(output.text()).toBe('24 80\r\n');
  });

  it('answers an interactive prompt through write', async () => {
    const handle = await startPty('read -p "name? " n; echo "hi $n"');
    const output = collect(handle);
    await until(() => output.text().includes('name? '), 'the prompt');
    await handle.write('bob\r');
    expect(await handle.exited).toEqual({ code: 0, signal: null });
    // The terminal echoes the answer, then the program's reply follows (CRLF line ends).
    expect(output.text()).toBe('name? bob\r\nhi bob\r\n');
  });

  it('delivers raw bytes: multibyte characters survive', async () => {
    const handle = await startPty("printf 'h\\xc3\\xa9llo \\xe2\\x82\\xac\\n'");
    const output = collect(handle);
    await handle.exited;
    expect(output.text()).toBe('héllo €\r\n');
  });

  it('closeStdin sends end-of-file to a reader', async () => {
    const handle = await startPty('cat; echo "cat ended"');
    const output = collect(handle);
    await handle.write('abc\r');
    await until(() => output.text().includes('abc\r\nabc\r\n'), 'the echo');
    handle.closeStdin();
    expect(await handle.exited).toEqual({ code: 0, signal: null });
    expect(output.text()).toContain('cat ended');
  });

  it('kill takes down the whole process group: a background sleep too', async () => {
    const handle = await startPty('sleep 1000 & echo "bg $!"; wait');
    const output = collect(handle);
    await until(() => /bg \d+/.test(output.text()), 'the background pid');
    const background = Number(/bg (\d+)/.exec(output.text())![1]);
    expect(alive(background)).toBe(true);
    await handle.kill();
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('leaves no orphan when the command exits with a job still running', async () => {
    const handle = await startPty('nohup sleep 1000 >/dev/null 2>&1 & echo "bg $!"');
    const output = collect(handle);
    expect((await handle.exited).code).toBe(0);
    const background = Number(/bg (\d+)/.exec(output.text())![1]);
    expect(alive(background)).toBe(false);
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('SIGKILLs an interactive shell that ignores SIGTERM', async () => {
    // An interactive bash ignores SIGTERM by design.
    const handle = await startPty('exec bash --norc --noprofile -i', { graceMs: 300 });
    const output = collect(handle);
    await handle.write('echo "ready $$"\r');
    await until(() => /ready \d+/.test(output.text()), 'the shell');
    await handle.kill();
    expect((await handle.exited).signal).toBe('SIGKILL');
    expect(survivors(handle.pid)).toEqual([]);
  });

  it('Ctrl-C written to the terminal interrupts the foreground program', async () => {
    // What a tty session does with write_stdin chars "\u0003": the line discipline sends the SIGINT.
    const handle = await startPty(
      'python3 -c "import time; print(\'started\', flush=True); time.sleep(1000)"',
    );
    const output = collect(handle);
    await until(() => output.text().includes('started'), 'python to start');
    await handle.write('\x03');
    expect((await handle.exited).signal).toBe('SIGINT');
    expect(output.text()).toContain('KeyboardInterrupt');
  });

  it('interrupt sends SIGINT to the terminal’s process group', async () => {
    const handle = await startPty('sleep 1000');
    await until(() => survivors(handle.pid).length > 0, 'the process');
    handle.interrupt?.();
    expect((await handle.exited).signal).toBe('SIGINT');
  });

  it('refuses writes once the terminal has exited', async () => {
    const handle = await startPty('true');
    await handle.exited;
    expect(handle.stdinOpen).toBe(false);
    await expect(handle.write('x')).rejects.toThrow(/closed/);
  });

  it('reports a program that cannot start in the terminal as an exit, not a crash', async () => {
    const plan = await bashPlan('true', { tty: true });
    const handle = startHandle({ ...plan, argv: ['/nonexistent/program'] });
    const output = collect(handle);
    const end = await handle.exited;
    // node-pty forks first, so the failed exec is the child's exit code 1 and its message on the terminal.
    expect(end).toEqual({ code: 1, signal: null });
    expect(output.text()).toMatch(/No such file or directory/);
    await handle.kill();
  });
});
