// Color and spinner decisions in-process, with fake streams that claim to be terminals.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startSpinner } from '../../src/cli/spinner.js';
import { createStyle, wantsColor } from '../../src/cli/style.js';

function fakeStream(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  stream.isTTY = isTTY;
  let written = '';
  stream.on('data', (chunk: Buffer) => {
    written += chunk.toString();
  });
  return { stream, written: () => written };
}

describe('color', () => {
  it('only on a TTY, and never with NO_COLOR or TERM=dumb', () => {
    expect(wantsColor({ isTTY: true }, {})).toBe(true);
    expect(wantsColor({ isTTY: false }, {})).toBe(false);
    expect(wantsColor({}, {})).toBe(false);
    expect(wantsColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(createStyle(false).red('x')).toBe('x');
    expect(createStyle(true).red('x')).toBe('\u001b[31mx\u001b[39m');
  });
});

describe('spinner', () => {
  it('draws the elapsed time on a TTY after a short delay, and clears itself', async () => {
    const { stream, written } = fakeStream(true);
    const spinner = startSpinner(stream, 'exec_command', { delayMs: 1, intervalMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    spinner.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toMatch(/exec_command \d+\.\ds/);
    expect(written().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('stays silent while paused and everywhere off a TTY', async () => {
    const off = fakeStream(false);
    const s1 = startSpinner(off.stream, 'x', { delayMs: 1, intervalMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    s1.stop();
    expect(off.written()).toBe('');

    const on = fakeStream(true);
    const s2 = startSpinner(on.stream, 'x', { delayMs: 1, intervalMs: 5 });
    s2.pause();
    await new Promise((resolve) => setTimeout(resolve, 30));
    s2.stop();
    expect(on.written()).toBe('');
  });
});
