import { describe, expect, it } from 'vitest';
import {
  clampYieldTime,
  formatExecResult,
  type Session,
  type StartResult,
  waitForOutput,
} from '../../../../src/tools/shell/session/index.js';
import { survivors } from '../../../support/processes.js';
import { until } from '../../../support/wait.js';
import { bashStarter, makeManager } from './helpers.js';

function started(result: StartResult): Session {
  if (!result.ok) throw new Error(result.message);
  return result.session;
}

const WALL = /^Wall time: \d+\.\d{4} seconds$/;

describe('waitForOutput and formatExecResult', () => {
  it('clamps yield_time_ms to 250 ms – 30 s, 10 s by default', () => {
    expect(clampYieldTime(undefined)).toBe(10_000);
    expect(clampYieldTime(1)).toBe(250);
    expect(clampYieldTime(5000)).toBe(5000);
    expect(clampYieldTime(600_000)).toBe(30_000);
    expect(clampYieldTime(Number.NaN)).toBe(10_000);
  });

  it('returns when the command exits, with the Codex-shaped text', async () => {
    const manager = makeManager();
    const session = started(
      manager.start(await bashStarter('echo hello; exit 3'), { command: 'x', tty: false }),
    );
    const result = await waitForOutput(session, { yieldTimeMs: 30_000 });
    expect(result).toMatchObject({ exited: true, exitCode: 3, output: 'hello\n', droppedBytes: 0 });
    const lines = formatExecResult({ ...result, read: result.read }).split('\n');
    expect(lines[0]).toMatch(WALL);
    expect(lines.slice(1)).toEqual([
      'Process exited with code 3',
      'Original token count: 2',
      'Output:',
      'hello',
      '',
    ]);
  });

  it('returns after yield_time_ms with the session id while the command runs, then the rest on the next poll', async () => {
    const manager = makeManager();
    const session = started(
      manager.start(await bashStarter('echo start; read x; echo "end $x"'), { command: 'x', tty: false }),
    );
    const first = await waitForOutput(session, { yieldTimeMs: 250 });
    expect(first).toMatchObject({ exited: false, exitCode: null, output: 'start\n' });
    const text = formatExecResult({ ...first, sessionId: session.id });
    expect(text.split('\n').slice(1)).toEqual([
      'Process running with session ID 1',
      'Original token count: 2',
      'Output:',
      'start',
      '',
    ]);
    await session.write('now\n');
    const second = await waitForOutput(session, { yieldTimeMs: 30_000 });
    expect(second).toMatchObject({ exited: true, exitCode: 0, output: 'end now\n' });
  });

  it('stops waiting when the signal aborts, leaving the process running', async () => {
    const manager = makeManager();
    const session = started(manager.start(await bashStarter('sleep 1000'), { command: 'x', tty: false }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await waitForOutput(session, { yieldTimeMs: 30_000, signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, exited: false });
    expect(session.running).toBe(true);
  });

  it('reports a signal the way a shell does', async () => {
    const manager = makeManager();
    const session = started(manager.start(await bashStarter('kill -KILL $$'), { command: 'x', tty: false }));
    const result = await waitForOutput(session, { yieldTimeMs: 30_000 });
    expect(result).toMatchObject({ exited: true, exitCode: null, signal: 'SIGKILL' });
    expect(formatExecResult(result)).toContain('\nProcess exited with code 137 (killed by SIGKILL)\n');
  });

  it('strips terminal escapes and renders CRLF in tty output', async () => {
    const manager = makeManager();
    const session = started(
      manager.start(
        await bashStarter("printf '\\033[1;31mred\\033[0m\\n10%%\\r50%%\\r100%%\\n'", { tty: true }),
        {
          command: 'x',
          tty: true,
        },
      ),
    );
    const result = await waitForOutput(session, { yieldTimeMs: 30_000 });
    expect(result.output).toContain('\x1b[1;31m');
    expect(formatExecResult(result).split('Output:\n')[1]).toBe('red\n100%\n');
  });

  it('keeps 1 GB of `yes` bounded and says exactly how many bytes were dropped', async () => {
    const manager = makeManager();
    const session = started(
      manager.start(await bashStarter('yes | head -c 1000000000'), {
        command: 'yes | head -c 1000000000',
        tty: false,
      }),
    );
    let maxAllocated = 0;
    const sampler = setInterval(() => {
      maxAllocated = Math.max(maxAllocated, session.buffer.stats().allocatedBytes);
    }, 5);
    await session.exited;
    clearInterval(sampler);
    const stats = session.buffer.stats();
    expect(stats.totalBytes).toBe(1_000_000_000);
    expect(stats.headBytes + stats.tailBytes).toBe(1024 * 1024);
    expect(Math.max(maxAllocated, stats.allocatedBytes)).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024);

    const result = await waitForOutput(session);
    expect(result.droppedBytes).toBe(1_000_000_000 - 1024 * 1024);
    expect(result.output).toContain('y\ny\n[... 998,951,424 bytes of output dropped ...]\ny\ny\n');
    const text = formatExecResult({ ...result, maxOutputTokens: 1000 });
    const [header, output] = text.split('\nOutput:\n');
    expect(header!.split('\n').slice(1)).toEqual([
      'Process exited with code 0',
      'Original token count: 250000000',
    ]);
    expect(Buffer.byteLength(output!)).toBeLessThanOrEqual(4000);
    // One marker accounts for every byte not shown.
    const marker =
      /\[\.\.\. ([\d,]+) bytes of output omitted: ([\d,]+) dropped while the command ran, ([\d,]+) cut to fit max_output_tokens \.\.\.\]/.exec(
        output!,
      );
    expect(marker).not.toBeNull();
    const [omitted, dropped, cut] = marker!.slice(1).map((n) => Number(n.replaceAll(',', '')));
    expect(dropped).toBe(998_951_424);
    expect(omitted).toBe(dropped! + cut!);
    // The head ends at a line boundary; the marker has a line of its own.
    const at = output!.indexOf(marker![0]);
    const shown = output!.slice(0, at) + output!.slice(at + marker![0].length + 1);
    expect(Buffer.byteLength(shown) + omitted!).toBe(1_000_000_000);
    expect(survivors(session.handle.pid)).toEqual([]);
  });

  it('projects a long output to max_output_tokens with projectText’s marker', async () => {
    const manager = makeManager();
    const session = started(manager.start(await bashStarter('seq 1 20000'), { command: 'seq', tty: false }));
    const result = await waitForOutput(session, { yieldTimeMs: 30_000 });
    expect(result.droppedBytes).toBe(0);
    const output = formatExecResult({ ...result, maxOutputTokens: 100 }).split('Output:\n')[1]!;
    expect(Buffer.byteLength(output)).toBeLessThanOrEqual(400);
    expect(output.startsWith('1\n2\n3\n')).toBe(true);
    expect(output.endsWith('19999\n20000\n')).toBe(true);
    expect(output).toMatch(
      /\[\.\.\. [\d,]+ lines \([\d.]+ KiB\) omitted: showing the first \d+ and last \d+ of 20,000 lines\. \.\.\.\]/,
    );
  });

  it('notes go before Output:', () => {
    const text = formatExecResult({
      wallTimeMs: 1234.5,
      exited: false,
      exitCode: null,
      sessionId: 7,
      read: { head: 'x', droppedBytes: 0, tail: '', bytes: 5 },
      notes: ['Warning: near the cap.'],
    });
    expect(text).toBe(
      'Wall time: 1.2345 seconds\nProcess running with session ID 7\nOriginal token count: 2\n' +
        'Warning: near the cap.\nOutput:\nx',
    );
  });

  it('a session killed for idling reports it', async () => {
    const manager = makeManager({ idleMs: 200 });
    const session = started(
      manager.start(await bashStarter('echo waiting; sleep 1000'), { command: 'x', tty: false }),
    );
    await until(() => !session.running, 'the idle kill');
    const result = await waitForOutput(session);
    expect(result).toMatchObject({ exited: true, signal: 'SIGTERM', output: 'waiting\n' });
    expect(session.exit?.endedBy).toBe('idle');
  });
});
