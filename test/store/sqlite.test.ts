// SQLite-specific behaviour: file setup, schema and migrations, batching, and surviving a failing database.
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, SCHEMA_VERSION } from '../../src/store/schema.js';
import { openReader } from '../../src/store/sqlite-reader.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { event, tempDir } from './helpers.js';

const count = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SqliteStore file and schema', () => {
  it('creates a private WAL database with parents, a schema version and the applied migrations', async () => {
    const file = path.join(tempDir(), 'deep', 'state', 'handrail.db');
    const store = new SqliteStore({ path: file });
    store.record(event('turn/started'));
    await store.flush();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get()).toEqual({
      value: String(SCHEMA_VERSION),
    });
    expect(db.prepare('SELECT version, name FROM schema_migrations').all()).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version, name: m.name })),
    );
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]
    )
      .map((r) => r.name)
      .filter((n) => !n.startsWith('sqlite_'));
    expect(indexes).toEqual(
      expect.arrayContaining(['events_by_thread', 'events_by_turn', 'approvals_by_turn']),
    );
    // The log's main query uses an index, not a scan of every event.
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM events WHERE thread_id = 'x' AND id > 0 ORDER BY id LIMIT 10",
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX events_by_thread/);
    db.close();
    await store.close();
  });

  it('migrates once, and reopening keeps the data and the version', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const first = new SqliteStore({ path: file });
    first.record(event('turn/started', { threadId: 'keep' }));
    await first.close();
    const second = new SqliteStore({ path: file });
    second.record(event('turn/ended', { threadId: 'keep' }, { calls: 0 }));
    expect((await second.events({ threadId: 'keep' })).map((e) => e.type)).toEqual([
      'turn/started',
      'turn/ended',
    ]);
    await second.close();
    const db = new Database(file);
    expect(migrate(db)).toBe(SCHEMA_VERSION);
    expect((db.prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(
      MIGRATIONS.length,
    );
    db.close();
  });

  it('applies a later migration in a transaction, and a failing one leaves the database as it was', () => {
    const db = new Database(path.join(tempDir(), 'handrail.db'));
    migrate(db);
    const broken = [
      ...MIGRATIONS,
      { version: 2, name: 'broken', sql: 'CREATE TABLE x (a); CREATE TABLE x (a);' },
    ];
    expect(() => migrate(db, broken)).toThrow(/already exists/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'x'").get()).toBeUndefined();
    const good = [...MIGRATIONS, { version: 2, name: 'add y', sql: 'CREATE TABLE y (a);' }];
    expect(migrate(db, good)).toBe(2);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get()).toEqual({ value: '2' });
    db.close();
  });

  it('refuses a database from a newer handrail without crashing: health says why, the reader too', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const db = new Database(file);
    migrate(db, [...MIGRATIONS, { version: 99, name: 'future', sql: 'SELECT 1' }]);
    db.close();
    const store = new SqliteStore({ path: file });
    store.record(event('turn/started'));
    store.flushSync();
    expect(store.health()).toMatchObject({
      ok: false,
      queued: 1,
      lastError: expect.stringContaining('newer'),
    });
    await store.close();
    expect(store.health().dropped).toBe(1);
    expect(() => openReader(file)).toThrow(/schema version 99, newer than this handrail supports/);
  });
});

describe('SqliteStore batching', () => {
  it('queues on record and writes on its timer in one batch', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const store = new SqliteStore({ path: file, flushIntervalMs: 20 });
    store.record(event('turn/started'));
    await store.flush(); // creates the file
    for (let i = 0; i < 100; i++) store.record(event('tool/call/progress', { callId: 'c' }, { i }));
    expect(count(file)).toBe(1);
    expect(store.health().queued).toBe(100);
    await until(() => store.health().queued === 0, 'the timer flush');
    expect(count(file)).toBe(101);
    expect(store.health()).toMatchObject({ ok: true, written: 101, flushes: 2, errors: 0, dropped: 0 });
    await store.close();
  });

  it('never holds more than maxQueue events: a full queue is written synchronously', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const store = new SqliteStore({ path: file, maxQueue: 100, flushIntervalMs: 60_000 });
    let peak = 0;
    for (let i = 0; i < 1_050; i++) {
      store.record(event('tool/call/progress', { callId: 'c' }, { i }));
      peak = Math.max(peak, store.health().queued);
    }
    expect(peak).toBeLessThan(100);
    expect(store.health().written).toBe(1_000);
    await store.close();
    expect(count(file)).toBe(1_050);
  });

  it('a steady stream is written in batches of about batchSize, not held until the queue is full', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const batches: number[] = [];
    const store = new SqliteStore({
      path: file,
      batchSize: 50,
      flushIntervalMs: 60_000,
      onFlush: ({ written }) => batches.push(written),
    });
    // Recording across macrotasks, the way a busy runtime delivers events.
    for (let i = 0; i < 400; i++) {
      for (let k = 0; k < 10; k++) store.record(event('tool/call/progress', { callId: 'c' }, { i, k }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThan(4_000);
    await store.close();
    expect(count(file)).toBe(4_000);
  });

  it('two writers on one file keep every event, each with its own session', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const a = new SqliteStore({ path: file });
    const b = new SqliteStore({ path: file });
    for (let i = 0; i < 500; i++) {
      a.record(event('tool/call/progress', { threadId: 'A' }, { i }));
      b.record(event('tool/call/progress', { threadId: 'B' }, { i }));
      if (i % 100 === 0) {
        a.flushSync();
        b.flushSync();
      }
    }
    await Promise.all([a.close(), b.close()]);
    const reader = openReader(file);
    const events = reader.queries.events({ limit: 10_000 });
    expect(events).toHaveLength(1_000);
    expect(new Set(events.map((e) => e.session))).toEqual(new Set([a.session, b.session]));
    expect(
      reader.queries
        .threads()
        .map((t) => t.id)
        .sort(),
    ).toEqual(['A', 'B']);
    reader.close();
  });
});

describe('SqliteStore when the database fails', () => {
  it('survives a locked database: counts the error, keeps the events, writes them once the lock is gone', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const errors: Error[] = [];
    const store = new SqliteStore({ path: file, busyTimeoutMs: 20, onError: (e) => errors.push(e) });
    store.record(event('turn/started'));
    store.flushSync();
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    for (let i = 0; i < 50; i++) store.record(event('tool/call/progress', {}, { i }));
    store.flushSync();
    store.flushSync();
    expect(store.health()).toMatchObject({ ok: false, queued: 50, dropped: 0 });
    expect(store.health().errors).toBeGreaterThanOrEqual(2);
    expect(store.health().lastError).toMatch(/locked/);
    expect(errors).toHaveLength(1); // once per failure streak
    other.exec('ROLLBACK');
    other.close();
    await until(() => store.health().ok, 'the retry after the lock is released');
    expect(store.health()).toMatchObject({ queued: 0, written: 51, dropped: 0 });
    expect(count(file)).toBe(51);
    await store.close();
  });

  it('bounds the backlog while writes fail, dropping the oldest and counting them', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const store = new SqliteStore({ path: file, busyTimeoutMs: 5, maxQueue: 10, maxBacklog: 50 });
    store.record(event('turn/started'));
    store.flushSync();
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    for (let i = 0; i < 300; i++) store.record(event('tool/call/progress', { callId: 'c' }, { i }));
    expect(store.health().queued).toBeLessThanOrEqual(50);
    expect(store.health().dropped).toBe(300 - store.health().queued);
    other.exec('ROLLBACK');
    other.close();
    store.flushSync();
    const kept = (await store.events({ types: ['tool/call/progress'] })).map((e) => e.payload.i as number);
    // The newest survive, in order, with no duplicates.
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, k) => 300 - kept.length + k));
    await store.close();
  });

  it('cannot open its file (a path under a regular file): records, flushes and closes without throwing', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'not-a-dir'), '');
    const store = new SqliteStore({ path: path.join(dir, 'not-a-dir', 'handrail.db') });
    for (let i = 0; i < 10; i++) store.record(event('tool/call/started', {}, { name: 'x' }));
    expect(() => store.flushSync()).not.toThrow();
    await expect(store.flush()).resolves.toBeUndefined();
    expect(store.health()).toMatchObject({
      ok: false,
      queued: 10,
      lastError: expect.stringMatching(/ENOTDIR|EEXIST/),
    });
    await expect(store.events()).rejects.toThrow();
    await store.close();
    expect(store.health().dropped).toBe(10);
    expect(() => store.record(event('turn/ended'))).not.toThrow();
  });

  it('drops only a row the database refuses for its content, keeping the rest of the batch', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const store = new SqliteStore({ path: file });
    store.record(event('turn/started'));
    store.flushSync();
    // A trigger stands in for any content error (a constraint a later schema adds, an oversized row).
    const db = new Database(file);
    db.exec(`CREATE TRIGGER no_poison BEFORE INSERT ON events WHEN NEW.type = 'poison'
             BEGIN SELECT RAISE(ABORT, 'poison row'); END`);
    db.close();
    store.record(event('tool/call/started', {}, { n: 1 }));
    store.record(event('poison' as never));
    store.record(event('tool/call/started', {}, { n: 2 }));
    store.flushSync();
    expect(store.health()).toMatchObject({ ok: true, queued: 0, dropped: 1 });
    expect((await store.events({ types: ['tool/call/started'] })).map((e) => e.payload.n)).toEqual([1, 2]);
    await store.close();
  });
});
