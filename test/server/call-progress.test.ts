// CallProgress: a tool's updates forwarded at most once a second (the latest wins), a first heartbeat after
// a second of silence and then one every ten seconds, nothing after stop().
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CallProgress, type ProgressNote } from '../../src/server/progress.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function progress() {
  const sent: ProgressNote[] = [];
  const call = new CallProgress('bash', (note) => sent.push(note));
  return { call, sent };
}

describe('CallProgress', () => {
  test('the first update goes at once; later ones at most once a second, the latest winning', () => {
    const { call, sent } = progress();
    call.update('one');
    expect(sent).toEqual([{ progress: 1, message: 'one' }]);
    call.update('two');
    call.update('three');
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([
      { progress: 1, message: 'one' },
      { progress: 2, message: 'three' },
    ]);
    call.stop();
  });

  test('a silent call gets a heartbeat after a second, then every ten seconds of silence', () => {
    const { call, sent } = progress();
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ progress: 1, message: 'bash: still running (1 s)' }]);
    vi.advanceTimersByTime(9_000);
    call.update('output');
    // Output resets the silence: the next heartbeat is ten seconds after it.
    vi.advanceTimersByTime(9_999);
    expect(sent.map((n) => n.message)).toEqual(['bash: still running (1 s)', 'output']);
    vi.advanceTimersByTime(1);
    expect(sent.at(-1)).toEqual({ progress: 3, message: 'bash: still running (20 s)' });
    call.stop();
  });

  test('nothing is sent after stop(), not even an update waiting for its turn', () => {
    const { call, sent } = progress();
    call.update('one');
    call.update('two');
    call.stop();
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([{ progress: 1, message: 'one' }]);
  });

  test('a failing send does not stop the call', () => {
    const call = new CallProgress('bash', () => {
      throw new Error('client gone');
    });
    expect(() => call.update('one')).not.toThrow();
    expect(() => vi.advanceTimersByTime(30_000)).not.toThrow();
    call.stop();
  });
});
