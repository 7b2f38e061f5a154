import { describe, expect, it } from 'vitest';
import { eventually, processesRunning, uniqueSleep } from '../../support/processes.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { shellRuntime } from './helpers.js';

const sandboxes = (bwrapReady ? ['bwrap', 'none'] : ['none']) as Array<'bwrap' | 'none'>;

describe.each(sandboxes)('bash (sandbox %s)', (sandbox) => {
  it('returns the output of a command that succeeds', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('bash', { command: 'echo one; echo two >&2' }));
    expect(result.isError).toBe(false);
    expect(text(result)).toMatch(/(^|\n)one\ntwo$/);
  });

  it('makes a non-zero exit an error result ending in the exit code', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('bash', { command: 'echo oops; exit 3' }));
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/(^|\n)oops\n\nCommand exited with code 3$/);
  });

  it('streams output through onUpdate while the command runs', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const updates: string[] = [];
    const result = await turn.call(
      call('bash', { command: 'for i in 1 2 3; do echo tick$i; sleep 0.3; done' }),
      {
        onUpdate: (update) => {
          const part = update.content?.[0];
          if (part?.type === 'text') updates.push(part.text);
        },
      },
    );
    expect(result.isError).toBe(false);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates[0]).toContain('tick1');
    expect(updates.at(-1)).toContain('tick');
    expect(text(result)).toMatch(/tick1\ntick2\ntick3$/);
  });

  it('kills a command at its timeout (seconds) with what it started', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const secs = uniqueSleep();
    const result = await turn.call(
      call('bash', { command: `echo before; sleep ${secs} & sleep ${secs}`, timeout: 0.5 }),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/before\n\nCommand timed out after 0\.5 seconds$/);
    expect(await eventually(() => processesRunning(`sleep ${secs}`).length === 0)).toBe(true);
  });

  it('says (no output) when there is none', async () => {
    const turn = shellRuntime({ sandbox }).beginTurn();
    const result = await turn.call(call('bash', { command: 'true' }));
    expect(text(result)).toMatch(/\(no output\)$/);
  });
});
