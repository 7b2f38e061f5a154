// The writer thread (the built store in dist/, where the compiled worker lives): batches are committed off
// the main thread, a flush means committed, failures are handled as inline, and the synchronous paths
// (flushSync, the exit hook) settle the batch in the worker's hands without writing any event twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore as SourceStore } from '../../src/store/sqlite-store.js';
import { dist } from './dist.js';
import { event, tempDir } from './helpers.js';

type Store = InstanceType<NonNullable<typeof dist>['SqliteStore']>;
type Options = ConstructorParameters<NonNullable<typeof dist>['SqliteStore']>[0];

const open: Store[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(open.splice(0).map((s) => s.close()));
});

function make(options: Partial<Options> = {}): Store {
  const store = new dist!.SqliteStore({
    path: path.join(tempDir(), 'handrail.db'),
    worker: true,
    ...options,
  });
  open.push(store);
  return store;
}

/** What another connection sees: only committed rows. */
function committed(file: string): { n: number; seqs: number[] } {
  const db = new Database(file, { readonly: true });
  try {
    const seqs = (db.prepare('SELECT seq FROM events ORDER BY id').all() as { seq: number }[]).map(
      (r) => r.seq,
    );
    return { n: seqs.length, seqs };
  } finally {
    db.close();
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const progress = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => event('tool/call/progress', { callId: 'c' }, { i: from + i }));
const seqsOf = (events: { seq: number }[]) => events.map((e) => e.seq);

/** Another process holds the write lock until it is told to let go (or dies). */
async function lockFromAnotherProcess(file: string): Promise<{ release: () => void }> {
  const script = `
    const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`locker exited ${code}`)));
  });
  return { release: () => child.stdin!.write('go\n') };
}

describe.skipIf(!dist)('SqliteStore writer thread', () => {
  it('picks the worker next to the compiled store, and writes inline from the TypeScript sources', async () => {
    const built = new dist!.SqliteStore({ path: path.join(tempDir(), 'a.db') });
    const source = new SourceStore({ path: path.join(tempDir(), 'b.db') });
    expect(built.writerState().mode).toBe('worker');
    expect(source.writerState().mode).toBe('inline');
    expect(new SourceStore({ path: path.join(tempDir(), 'c.db'), worker: false }).writerState().mode).toBe(
      'inline',
    );
    expect(() => new SourceStore({ path: path.join(tempDir(), 'd.db'), worker: true })).toThrow(
      /sqlite-worker\.js/,
    );
    await Promise.all([built.close(), source.close()]);
  });

  it('record() only queues; the worker commits on its timer; flush() resolves once committed', async () => {
    const flushed: number[] = [];
    const store = make({ flushIntervalMs: 10, onFlush: ({ lastSeq }) => flushed.push(lastSeq) });
    const first = progress(1);
    store.record(first[0]!);
    await store.flush();
    expect(committed(store.path).n).toBe(1);
    const events = progress(300);
    for (const e of events) store.record(e);
    expect(committed(store.path).n).toBe(1); // nothing written on the main thread
    expect(store.health().queued).toBe(300);
    await until(() => store.health().queued === 0, 'the timer batch');
    expect(committed(store.path).seqs).toEqual([first[0]!.seq, ...seqsOf(events)]);
    expect(store.health()).toMatchObject({ ok: true, written: 301, errors: 0, dropped: 0 });
    expect(flushed.at(-1)).toBe(events.at(-1)!.seq);
    expect(store.writerState()).toMatchObject({ mode: 'worker', thread: true, inFlight: 0 });
  });

  it('onFlush is called only after the commit: another connection already sees the rows', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const seen: Array<[number, number]> = [];
    const store = make({
      path: file,
      batchSize: 50,
      onFlush: ({ lastSeq }) => seen.push([lastSeq, committed(file).seqs.at(-1)!]),
    });
    for (let round = 0; round < 20; round++) {
      for (const e of progress(37, round * 37)) store.record(e);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await store.flush();
    expect(seen.length).toBeGreaterThan(0);
    for (const [reported, visible] of seen) expect(visible).toBeGreaterThanOrEqual(reported);
  });

  it('keeps the order across batches, a flush with a batch in flight waits for both', async () => {
    const store = make({ batchSize: 64 });
    const events = progress(2_000);
    for (let i = 0; i < events.length; i++) {
      store.record(events[i]!);
      if (i === 999) void store.flush(); // batch in flight while the rest queues
    }
    await store.flush();
    expect(store.health()).toMatchObject({ queued: 0, written: 2_000 });
    expect(committed(store.path).seqs).toEqual(seqsOf(events));
    expect(seqsOf(await store.events({ limit: 5_000 }))).toEqual(seqsOf(events));
  });

  it('flushSync() while the worker is mid-batch: waits for it, writes the rest itself, each event once', async () => {
    const file = path.join(tempDir(), 'handrail.db');
    const flushed: number[] = [];
    const store = make({
      path: file,
      busyTimeoutMs: 10_000,
      onFlush: ({ written }) => flushed.push(written),
    });
    store.record(progress(1)[0]!);
    await store.flush();
    const lock = await lockFromAnotherProcess(file);
    const inFlight = progress(500);
    for (const e of inFlight) store.record(e);
    void store.flush();
    await until(() => store.writerState().claimed, 'the worker to take the batch');
    const queued = progress(100);
    for (const e of queued) store.record(e);
    expect(store.health().queued).toBe(600);
    lock.release(); // the worker commits once the other process lets go, while flushSync waits for it
    store.flushSync();
    expect(store.writerState()).toMatchObject({ inFlight: 0, claimed: false });
    expect(store.health()).toMatchObject({ ok: true, queued: 0, written: 601, dropped: 0 });
    expect(flushed).toEqual([1, 500, 100]);
    // The worker's own "done" message arrives later and changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.health().written).toBe(601);
    expect(committed(file).seqs.slice(1)).toEqual(seqsOf([...inFlight, ...queued]));
  });

  it('flushSync() racing the worker for a batch it was just sent: whoever takes it, nothing twice', async () => {
    const store = make();
    const all: number[] = [];
    for (let round = 0; round < 30; round++) {
      const events = progress(round * 7 + 1);
      all.push(...seqsOf(events));
      for (const e of events) store.record(e);
      void store.flush(); // posted to the worker
      if (round % 3 === 2) await new Promise((resolve) => setImmediate(resolve));
      store.flushSync(); // takes it back, or waits for it
    }
    await store.flush();
    expect(store.health()).toMatchObject({ queued: 0, written: all.length, dropped: 0 });
    expect(committed(store.path).seqs).toEqual(all);
  });

  it('a worker that dies is replaced by inline writes: nothing lost, nothing twice', async () => {
    const store = make();
    const a = progress(100);
    for (const e of a) store.record(e);
    await store.flush();
    const b = progress(2_000);
    for (const e of b) store.record(e);
    void store.flush(); // in the worker's hands, or about to be
    // Fault injection: kill the thread the way a fatal error in it would end it.
    await (store as unknown as { link: { worker: Worker } }).link.worker.terminate();
    await until(() => store.writerState().mode === 'inline', 'the fallback');
    const c = progress(50);
    for (const e of c) store.record(e);
    await store.flush();
    expect(committed(store.path).seqs).toEqual(seqsOf([...a, ...b, ...c]));
    expect(store.health()).toMatchObject({
      queued: 0,
      written: 2_150,
      lastError: expect.stringMatching(/worker/),
    });
  });

  it('a full queue still flushes synchronously: memory stays bounded even if the worker lags', async () => {
    const store = make({ maxQueue: 100, flushIntervalMs: 60_000 });
    let peak = 0;
    for (const e of progress(1_050)) {
      store.record(e);
      peak = Math.max(peak, store.health().queued);
    }
    expect(peak).toBeLessThan(100);
    await store.close();
    expect(committed(store.path).n).toBe(1_050);
  });
});

describe.skipIf(!dist)('SqliteStore writer thread when the database fails', () => {
  it('a locked database blocks the worker, not the event loop; errors counted, events kept, then written', async () => {
    const errors: Error[] = [];
    const store = make({ busyTimeoutMs: 30, onError: (e) => errors.push(e) });
    store.record(progress(1)[0]!);
    await store.flush();
    const other = new Database(store.path);
    other.exec('BEGIN EXCLUSIVE');
    for (const e of progress(50)) store.record(e);
    await store.flush();
    await store.flush();
    expect(store.health()).toMatchObject({ ok: false, queued: 50, dropped: 0 });
    expect(store.health().errors).toBeGreaterThanOrEqual(2);
    expect(store.health().lastError).toMatch(/locked/);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error & { code?: string }).code).toBe('SQLITE_BUSY');
    other.exec('ROLLBACK');
    other.close();
    await until(() => store.health().ok && store.health().queued === 0, 'the retry');
    expect(store.health()).toMatchObject({ written: 51, dropped: 0 });
    expect(committed(store.path).n).toBe(51);
  });

  it('bounds the backlog while the worker cannot write, dropping the oldest', async () => {
    const store = make({ busyTimeoutMs: 5, maxQueue: 10, maxBacklog: 50, flushIntervalMs: 1 });
    store.record(progress(1)[0]!);
    await store.flush();
    const other = new Database(store.path);
    other.exec('BEGIN EXCLUSIVE');
    const events = progress(300);
    let peak = 0;
    for (let i = 0; i < events.length; i++) {
      store.record(events[i]!);
      peak = Math.max(peak, store.health().queued);
      if (i % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // The backlog, plus at most one retry batch in the worker's hands (it cannot be trimmed while written).
    expect(peak).toBeLessThanOrEqual(100);
    expect(store.health().dropped).toBe(300 - store.health().queued);
    other.exec('ROLLBACK');
    other.close();
    await store.flush();
    const all = seqsOf(events);
    const kept = seqsOf(await store.events({ types: ['tool/call/progress'] })).filter((s) => all.includes(s));
    // Every event is either kept or counted as dropped; the newest survive; in order, none twice.
    expect(kept.length + store.health().dropped).toBe(300);
    expect(kept.slice(-50)).toEqual(all.slice(-50));
    expect(kept).toEqual(all.filter((s) => kept.includes(s)));
  });

  it('cannot open its file: flush resolves, health says why, close drops and ends the thread', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'not-a-dir'), '');
    const store = make({ path: path.join(dir, 'not-a-dir', 'handrail.db') });
    for (const e of progress(10)) store.record(e);
    await expect(store.flush()).resolves.toBeUndefined();
    expect(store.health()).toMatchObject({
      ok: false,
      queued: 10,
      lastError: expect.stringMatching(/ENOTDIR|EEXIST/),
    });
    expect(store.writerState().thread).toBe(true);
    await store.close();
    expect(store.health().dropped).toBe(10);
    expect(store.writerState().thread).toBe(false);
    expect(() => store.record(progress(1)[0]!)).not.toThrow();
  });

  it('drops only a row the database refuses for its content, in the worker too', async () => {
    const store = make();
    store.record(progress(1)[0]!);
    await store.flush();
    const db = new Database(store.path);
    db.exec(`CREATE TRIGGER no_poison BEFORE INSERT ON events WHEN NEW.type = 'poison'
             BEGIN SELECT RAISE(ABORT, 'poison row'); END`);
    db.close();
    store.record(event('tool/call/started', {}, { n: 1 }));
    store.record(event('poison' as never));
    store.record(event('tool/call/started', {}, { n: 2 }));
    await store.flush();
    expect(store.health()).toMatchObject({ ok: true, queued: 0, dropped: 1, lastError: 'poison row' });
    expect((await store.events({ types: ['tool/call/started'] })).map((e) => e.payload.n)).toEqual([1, 2]);
  });
});
