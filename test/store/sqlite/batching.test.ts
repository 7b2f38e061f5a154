// When the SQLite store writes: record() only queues, a timer or a full batch writes, a full queue is
// written at once so memory stays bounded, and onFlush means committed.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openReader, SqliteStore } from '../../../src/store/index.js';
import { tempDir } from '../../support/temp.js';
import { until } from '../../support/wait.js';
import { countEvents as count, event } from '../helpers.js';

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

  it('onFlush is called only after the commit: another connection already sees the rows', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const seen: Array<[number, number]> = [];
    const store = new SqliteStore({
      path: file,
      batchSize: 50,
      onFlush: ({ lastSeq }) => seen.push([lastSeq, lastCommittedSeq(file)]),
    });
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 37; i++) store.record(event('tool/call/progress', { callId: 'c' }, { round, i }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await store.flush();
    expect(seen.length).toBeGreaterThan(1);
    for (const [reported, visible] of seen) expect(visible).toBeGreaterThanOrEqual(reported);
    await store.close();
  });

  it('accepts the retired worker option and writes on the calling thread whatever it says', async () => {
    for (const worker of [true, false, 'auto'] as const) {
      const file = path.join(tempDir(), 'handrail.db');
      const store = new SqliteStore({ path: file, worker });
      expect(store.writerState()).toEqual({ mode: 'inline', thread: false, inFlight: 0, claimed: false });
      store.record(event('turn/started'));
      await store.flush();
      expect(count(file)).toBe(1);
      await store.close();
    }
  });
});

function lastCommittedSeq(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT max(seq) AS seq FROM events').get() as { seq: number }).seq;
  } finally {
    db.close();
  }
}
