// `handrail log` run in-process against real database files.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runLog } from '../../src/cli/log.js';
import { MIGRATIONS, migrate, SqliteStore } from '../../src/store/index.js';
import { callWithApproval, event } from '../store/helpers.js';
import { tempDir } from '../support/temp.js';

function sink() {
  let text = '';
  return {
    write: (s: string) => {
      text += s;
      return true;
    },
    get text() {
      return text;
    },
  };
}

async function log(argv: string[], cwd: string, extra: { signal?: AbortSignal; pollMs?: number } = {}) {
  const stdout = sink();
  const stderr = sink();
  const code = await runLog(argv, { stdout, stderr, cwd, ...extra });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** A workspace whose .handrail/handrail.db holds two threads; the second has an approved and a denied call. */
async function seeded(): Promise<{ cwd: string; db: string }> {
  const cwd = tempDir();
  const db = path.join(cwd, '.handrail', 'handrail.db');
  const store = new SqliteStore({ path: db });
  const old = { threadId: 'old-thread', turnId: 'old-turn' };
  store.record(event('turn/started', old, { cwd }, 1_000));
  store.record(
    event(
      'tool/call/started',
      { ...old, callId: 'c0' },
      { name: 'read_file', arguments: '{"path":"a"}' },
      1_001,
    ),
  );
  const ids = { threadId: 'new-thread', turnId: 'turn-A' };
  store.record(event('turn/started', ids, { cwd }, 50_000));
  for (const e of callWithApproval({ ...ids, callId: 'c1' }, { ts: 50_001 })) store.record(e);
  for (const e of callWithApproval(
    { ...ids, callId: 'c2' },
    { ts: 60_000, decision: 'deny', decidedBy: 'callback', feedback: 'use a branch' },
  )) {
    store.record(e);
  }
  store.record(event('turn/ended', ids, { calls: 2 }, 70_000));
  store.record(event('turn/started', { threadId: 'new-thread', turnId: 'turn-B' }, { cwd }, 80_000));
  await store.close();
  return { cwd, db };
}

describe('handrail log', () => {
  it('explains a missing database and how to get one', async () => {
    const cwd = tempDir();
    const r = await log([], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `No handrail database at ${path.join(cwd, '.handrail', 'handrail.db')} — run a tool first, or pass --db.\n`,
    );
    const other = await log(['--state-dir', 'state'], cwd);
    expect(other.stderr).toContain(path.join(cwd, 'state', 'handrail.db'));
  });

  it('refuses unknown options and missing values with exit 2 and the usage', async () => {
    const cwd = tempDir();
    for (const argv of [['--bogus'], ['--thread'], ['positional']]) {
      const r = await log(argv, cwd);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('Usage: handrail log');
    }
    expect((await log(['--help'], cwd)).stdout).toContain('--follow');
  });

  it('prints the latest thread: calls, decisions with rule and layer, approvals and who answered, results', async () => {
    const { cwd } = await seeded();
    const r = await log([], cwd);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Showing the latest of 2 threads (new-thread)');
    expect(r.stdout).not.toContain('old-thread');
    const lines = r.stdout.split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^── turn turn-A · thread new-thread · \d{4}-\d\d-\d\d /),
    );
    const c1 = lines
      .filter((l) => / c1 {2}/.test(l))
      .map((l) => l.replace(/^\d\d:\d\d:\d\d\.\d{3} {2}c1 {2}/, ''));
    expect(c1).toEqual([
      '→ exec_command {"cmd":"git push origin main"}',
      'permission ask (shell_command) · rule exec_command(git push:*) · layer project · mode supervised',
      'approval asked: Run git push origin main · rule exec_command(git push:*) · "always" would add exec_command(git push origin main) · request req-c1',
      'approval allow_for_turn by terminal after 2.3 s',
      '✓ ok · 12.5 ms',
    ]);
    expect(r.stdout).toContain('c2  approval deny by callback after 2.3 s · feedback "use a branch"');
    expect(r.stdout).toContain('turn ended · 2 calls');
    expect(r.stdout).toMatch(/── turn turn-B · thread new-thread/);
  });

  it('filters by thread and turn, shows all with --all, and lists threads', async () => {
    const { cwd } = await seeded();
    const old = await log(['--thread', 'old-thread'], cwd);
    expect(old.stdout).toContain('c0  → read_file {"path":"a"}');
    expect(old.stdout).not.toContain('new-thread');
    const turnA = await log(['--turn', 'turn-A'], cwd);
    expect(turnA.stdout).toContain('turn-A');
    expect(turnA.stdout).not.toContain('turn-B');
    const all = await log(['--all'], cwd);
    expect(all.stdout).toContain('old-thread');
    expect(all.stdout).toContain('new-thread');
    expect(all.stderr).toBe('');
    const threads = await log(['--threads'], cwd);
    expect(
      threads.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('  ')[0]),
    ).toEqual(['old-thread', 'new-thread']);
    expect(threads.stdout).toContain('2 turns');
    expect((await log(['--thread', 'nope'], cwd)).stdout).toBe('No events match.\n');
  });

  it('--json prints one parseable event per line with the store id', async () => {
    const { cwd, db } = await seeded();
    const r = await log(['--json', '--db', db, '--turn', 'turn-A'], path.join(cwd, 'elsewhere'));
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events).toHaveLength(12);
    expect(events[0]).toMatchObject({
      type: 'turn/started',
      threadId: 'new-thread',
      turnId: 'turn-A',
      id: expect.any(Number),
    });
    expect(events.find((e) => e.type === 'turn/permission/request/resolved').payload).toMatchObject({
      decision: 'allow_for_turn',
      decidedBy: 'terminal',
    });
  });

  it('escapes control, bidi and zero-width characters from previews, ids and rules', async () => {
    const cwd = tempDir();
    const store = new SqliteStore({ path: path.join(cwd, '.handrail', 'handrail.db') });
    const hostile = 'ls\u001b[2J\u001b]0;pwned\u0007 \u202eexe.txt\r\nrm -rf / \u200b\u0085\u009b31m';
    const ids = { threadId: 'th\u001b[31m', turnId: 'tu\u202e', callId: 'c\r1' };
    store.record(
      event('tool/call/started', ids, { name: 'exec_command', arguments: JSON.stringify({ cmd: hostile }) }),
    );
    store.record(
      event('turn/permission/decided', ids, {
        behavior: 'allow',
        rule: `exec_command(${hostile})`,
        layer: 'user',
      }),
    );
    store.record(
      event('tool/call/completed', ids, {
        status: 'recoverable',
        isError: true,
        errorClass: 'tool_error',
        preview: hostile,
      }),
    );
    store.record(event('custom/thing\u001b[1m', ids, { hostile }));
    await store.close();

    const text = (await log(['--all'], cwd)).stdout;
    // Nothing a terminal acts on survives: only printable text and the newlines between entries.
    expect(text).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/,
    );
    expect(text).toContain('\\x1b[2J');
    expect(text).toContain('\\u202eexe.txt');
    expect(text).toContain('thread th\\x1b[31m');
    expect(text).toContain('c\\r1  → exec_command');

    const json = (await log(['--all', '--json'], cwd)).stdout;
    expect(json).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/,
    );
    const first = JSON.parse(json.split('\n')[0]!);
    expect(JSON.parse(first.payload.arguments).cmd).toBe(hostile);
  });

  it('says so when the database has no events yet, and refuses a newer schema', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, 'h.db');
    const db = new Database(file);
    migrate(db);
    db.close();
    expect((await log(['--db', 'h.db'], cwd)).stdout).toBe(`No events recorded yet in ${file}.\n`);
    const newer = new Database(file);
    migrate(newer, [...MIGRATIONS, { version: 7, name: 'future', sql: 'SELECT 1' }]);
    newer.close();
    const r = await log(['--db', 'h.db'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('schema version 7, newer than this handrail supports');
  });

  it('--follow prints new events as a running store writes them, until stopped', async () => {
    const { cwd, db } = await seeded();
    const controller = new AbortController();
    const stdout = sink();
    const running = runLog(['--follow'], {
      stdout,
      stderr: sink(),
      cwd,
      signal: controller.signal,
      pollMs: 10,
    });
    await waitFor(() => stdout.text.includes('turn-B'));
    expect(stdout.text).not.toContain('live-call');

    const writer = new SqliteStore({ path: db });
    writer.record(
      event(
        'tool/call/started',
        { threadId: 'brand-new', turnId: 't9', callId: 'live-call' },
        { name: 'web_fetch', arguments: '{}' },
      ),
    );
    writer.flushSync();
    await waitFor(() => stdout.text.includes('live-call  → web_fetch'));
    expect(stdout.text).toMatch(/── turn t9 · thread brand-new/);
    writer.record(
      event(
        'tool/call/completed',
        { threadId: 'brand-new', turnId: 't9', callId: 'live-call' },
        { status: 'ok', durationMs: 5 },
      ),
    );
    writer.flushSync();
    await waitFor(() => stdout.text.includes('live-call  ✓ ok · 5.0 ms'));
    controller.abort();
    expect(await running).toBe(0);
    await writer.close();
    // Each event once.
    expect(stdout.text.split('live-call  → web_fetch')).toHaveLength(2);
  });

  it('--follow waits for the database to appear', async () => {
    const cwd = tempDir();
    const controller = new AbortController();
    const stdout = sink();
    const stderr = sink();
    const running = runLog(['--follow'], { stdout, stderr, cwd, signal: controller.signal, pollMs: 10 });
    await waitFor(() => stderr.text.includes('waiting for one'));
    const store = new SqliteStore({ path: path.join(cwd, '.handrail', 'handrail.db') });
    store.record(event('tool/call/started', { callId: 'first' }, { name: 'read_file', arguments: '{}' }));
    store.flushSync();
    // The first events may have been written before the reader opened: they are history, shown too.
    await waitFor(() => stdout.text.includes('first  → read_file'));
    controller.abort();
    expect(await running).toBe(0);
    await store.close();
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}
