// Rate limits: token buckets with an injected clock, then the real runtime refusing the 31st command.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, createRuntime } from '../../src/index.js';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../src/policy/rate-limit.js';
import { text } from '../support/results.js';
import { tempDir } from '../support/temp.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}
const takeN = (limiter: RateLimiter, n: number, tool = 'exec_command', action = 'shell_command' as const) =>
  Array.from({ length: n }, () => limiter.take(tool, action));

describe('RateLimiter', () => {
  test('defaults by action kind: shell 30/min, network 30/min, file_write 20/min, reads none', () => {
    expect(DEFAULT_RATE_LIMITS).toMatchObject({
      shell_command: { perMinute: 30 },
      network: { perMinute: 30 },
      file_write: { perMinute: 20 },
    });
    const c = clock();
    const limiter = new RateLimiter({}, c.now);
    expect(takeN(limiter, 30).every((r) => r.ok)).toBe(true);
    const refused = limiter.take('exec_command', 'shell_command');
    expect(refused).toEqual({ ok: false, waitMs: 2000, limit: '30 per minute' });
    expect(Array.from({ length: 20 }, () => limiter.take('write_file', 'file_write').ok).every(Boolean)).toBe(
      true,
    );
    expect(limiter.take('write_file', 'file_write')).toMatchObject({ ok: false, limit: '20 per minute' });
    expect(takeN(limiter, 30, 'web_fetch', 'network' as 'shell_command').every((r) => r.ok)).toBe(true);
    expect(limiter.take('web_fetch', 'network').ok).toBe(false);
    expect(Array.from({ length: 1000 }, () => limiter.take('read_file', 'file_read').ok).every(Boolean)).toBe(
      true,
    );
  });

  test('tokens refill evenly: after the wait it names, exactly one more call is allowed', () => {
    const c = clock();
    const limiter = new RateLimiter({}, c.now);
    takeN(limiter, 30);
    const { waitMs } = limiter.take('exec_command', 'shell_command');
    c.advance(waitMs! - 1);
    expect(limiter.take('exec_command', 'shell_command').ok).toBe(false);
    c.advance(1);
    expect(limiter.take('exec_command', 'shell_command').ok).toBe(true);
    expect(limiter.take('exec_command', 'shell_command').ok).toBe(false);
    c.advance(60_000);
    expect(takeN(limiter, 30).every((r) => r.ok)).toBe(true);
    expect(limiter.take('exec_command', 'shell_command').ok).toBe(false);
  });

  test('buckets are per tool: one tool spending its budget does not limit another', () => {
    const limiter = new RateLimiter({}, clock().now);
    takeN(limiter, 30);
    expect(limiter.take('exec_command', 'shell_command').ok).toBe(false);
    expect(limiter.take('bash', 'shell_command').ok).toBe(true);
  });

  test('per hour as well as per minute; a refusal by one bucket takes no token from the other', () => {
    const c = clock();
    const limiter = new RateLimiter({ deploy: { perMinute: 2, perHour: 3 } }, c.now);
    expect(limiter.take('deploy', 'unknown').ok).toBe(true);
    expect(limiter.take('deploy', 'unknown').ok).toBe(true);
    expect(limiter.take('deploy', 'unknown')).toMatchObject({ ok: false, limit: '2 per minute' });
    c.advance(60_000);
    expect(limiter.take('deploy', 'unknown').ok).toBe(true);
    const hourly = limiter.take('deploy', 'unknown');
    expect(hourly).toMatchObject({ ok: false, limit: '3 per hour' });
    expect(hourly.waitMs).toBeGreaterThan(60_000);
    // The refused calls took nothing: the minute bucket is still full enough after the hour refills.
    c.advance(hourly.waitMs!);
    expect(limiter.take('deploy', 'unknown').ok).toBe(true);
  });

  test('configured by tool name over the tool’s own limit over the default; false turns one or all off', () => {
    const c = clock();
    const own = { perMinute: 1 };
    const configured = new RateLimiter({ exec_command: { perMinute: 2 }, bash: false }, c.now);
    expect(takeN(configured, 2).every((r) => r.ok)).toBe(true);
    expect(configured.take('exec_command', 'shell_command').ok).toBe(false);
    expect(takeN(configured, 100, 'bash').every((r) => r.ok)).toBe(true);
    const tools = new RateLimiter({}, c.now);
    expect(tools.take('custom', 'shell_command', own).ok).toBe(true);
    expect(tools.take('custom', 'shell_command', own).ok).toBe(false);
    const off = new RateLimiter(false, c.now);
    expect(takeN(off, 1000).every((r) => r.ok)).toBe(true);
  });

  test('a tool named like an Object.prototype member still gets its default limit', () => {
    const limiter = new RateLimiter({}, clock().now);
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      expect(takeN(limiter, 30, name).every((r) => r.ok)).toBe(true);
      expect(limiter.take(name, 'shell_command').ok).toBe(false);
    }
  });

  test('limits that could never refill or never refuse are rejected at configuration', () => {
    for (const bad of [0.5, -1, 0, Number.NaN, Number.POSITIVE_INFINITY, '10']) {
      expect(() => new RateLimiter({ exec_command: { perMinute: bad as number } })).toThrow(
        /exec_command\.perMinute must be a whole number/,
      );
    }
    expect(() => new RateLimiter({ x: 'fast' as never })).toThrow(/x must be/);
    // A tool's own nonsense limit falls back to its kind's default instead of to no limit.
    const limiter = new RateLimiter({}, clock().now);
    expect(takeN(limiter, 30, 'odd').every((r) => r.ok)).toBe(true);
    expect(limiter.take('odd', 'shell_command', { perMinute: -5 }).ok).toBe(false);
  });
});

describe('rate limits in the runtime', () => {
  test('the 31st exec_command in a minute is rate_limited with the time to wait, and does not run', async () => {
    const ws = tempDir('handrail-rate-');
    const rt = createRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'none',
      profile: 'full_access',
      policyFiles: { user: null, managed: null },
    });
    // All at once (the bucket refills one token per 2 s, so a slow machine running them in sequence would
    // earn more); split over two turns, because the bucket belongs to the runtime, not the turn.
    const one = rt.beginTurn();
    const two = rt.beginTurn();
    const results = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        (i % 2 ? one : two).call({ id: `t${i}`, name: 'exec_command', arguments: { cmd: `touch f${i}` } }),
      ),
    );
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    const [over] = refused;
    expect(over!.outcome.errorClass).toBe('rate_limited');
    expect(text(over!)).toMatch(/exec_command is limited to 30 per minute; try again in \d+ s\./);
    results.forEach((r, i) => {
      expect(existsSync(path.join(ws, `f${i}`))).toBe(!r.isError);
    });
    await rt.close();
  });

  test('a call the limit would refuse is refused before a human is asked about it', async () => {
    const ws = tempDir('handrail-rate-');
    let asked = 0;
    const rt = createRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'none',
      policyFiles: { user: null, managed: null },
      rateLimits: { exec_command: { perMinute: 1 } },
      approver: () => {
        asked++;
        return { decision: 'allow_once' };
      },
    });
    const turn = rt.beginTurn();
    expect(
      (await turn.call({ id: 'a', name: 'exec_command', arguments: { cmd: 'touch a.txt' } })).isError,
    ).toBe(false);
    const refused = await turn.call({ id: 'b', name: 'exec_command', arguments: { cmd: 'touch b.txt' } });
    expect(refused.outcome.errorClass).toBe('rate_limited');
    expect(text(refused)).toMatch(/limited to 1 per minute; try again in \d+ s/);
    expect(asked).toBe(1);
    expect(existsSync(path.join(ws, 'a.txt'))).toBe(true);
    expect(existsSync(path.join(ws, 'b.txt'))).toBe(false);
    await rt.close();
  });

  test('the 21st write_file in a minute is refused; rateLimits: false turns it off', async () => {
    const ws = tempDir('handrail-rate-');
    const make = (rateLimits?: false) =>
      createRuntime({
        workspace: ws,
        tools: builtinTools(),
        profile: 'auto_accept_edits',
        policyFiles: { user: null, managed: null },
        ...(rateLimits === false ? { rateLimits } : {}),
      });
    const rt = make();
    const turn = rt.beginTurn();
    const results = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        turn.call({ id: `w${i}`, name: 'write_file', arguments: { path: `f${i}.txt`, content: 'x' } }),
      ),
    );
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.outcome.errorClass).toBe('rate_limited');
    expect(text(refused[0]!)).toMatch(/write_file is limited to 20 per minute; try again in \d+ s\./);
    results.forEach((r, i) => {
      expect(existsSync(path.join(ws, `f${i}.txt`))).toBe(!r.isError);
    });
    await rt.close();
    const free = make(false);
    const t = free.beginTurn();
    for (let i = 0; i < 25; i++) {
      const r = await t.call({
        id: `x${i}`,
        name: 'write_file',
        arguments: { path: `g${i}.txt`, content: 'x' },
      });
      expect(r.isError, text(r)).toBe(false);
    }
    await free.close();
  });
});
