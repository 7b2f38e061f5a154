import { describe, expect, it } from 'vitest';
import { createRuntime, shellTools } from '../../../src/index.js';
import { text } from '../../support/results.js';
import { shellRuntime, workspace } from './helpers.js';

describe('session settings from createRuntime', () => {
  it('caps sessions runtime-wide at sessions.max and explains the refusal', async () => {
    const runtime = shellRuntime({ sandbox: 'none', sessions: { max: 2 } });
    const turn = runtime.beginTurn();
    const start = (id: string) =>
      turn.call({ id, name: 'exec_command', arguments: { cmd: 'sleep 30', yield_time_ms: 250 } });
    expect(text(await start('a'))).toContain('Process running with session ID 1');
    expect(text(await start('b'))).toContain('Process running with session ID 2');
    const third = await start('c');
    expect(third.isError).toBe(true);
    expect(text(third)).toMatch(/session/i);
    await turn.end();
  });

  it('refuses invalid settings at createRuntime, like other limits', () => {
    expect(() =>
      createRuntime({
        profile: 'full_access',
        rateLimits: false,
        workspace: workspace(),
        tools: shellTools(),
        sessions: { max: 0, idleMs: 1.5 },
      }),
    ).toThrow(
      'Invalid handrail session settings: sessions.max must be a positive integer (got 0); sessions.idleMs must be a positive integer (got 1.5).',
    );
  });
});
