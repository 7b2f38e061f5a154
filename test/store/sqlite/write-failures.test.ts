// A failing database (locked, unopenable, refusing a row) never throws into the runtime: errors are counted,
// events kept in a bounded backlog and retried, and only the rows at fault are dropped.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../src/store/index.js';
import { tempDir } from '../../support/temp.js';
import { until } from '../../support/wait.js';
import { countEvents as count, event } from '../helpers.js';

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
