// The database file: created private and in WAL mode, its schema migrated once and in a transaction, and a
// file from a newer handrail refused without crashing.
import { statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openReader, SCHEMA_VERSION, SqliteStore } from '../../../src/store/index.js';
import { tempDir } from '../../support/temp.js';
import { event } from '../helpers.js';

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
