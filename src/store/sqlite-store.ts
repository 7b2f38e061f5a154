// The embedded default store: one SQLite file in WAL mode, written in batches off the call path — by a
// worker thread when the compiled worker is available (dist/), else inline on a timer.
//
// With the worker, the main thread only serializes and queues (record) and posts whole batches; the worker
// commits them on its own connection, one batch in flight at a time, and the store counts a batch as flushed
// only once the worker says it committed. The retry, backoff and backlog decisions stay here for both paths.
// flushSync() and the exit hook cannot await a thread, so they take the batch in flight back or wait for it
// (Atomics, see sqlite-channel.ts), then write what is left on a main-thread connection opened on demand.
// Memory stays bounded as before: maxQueue counts the queue plus the batch in flight, and while writes fail
// the queue is trimmed to maxBacklog (plus, at most, the one retry batch the worker holds).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { HandrailEvent } from '../types/index.js';
import { type EventRow, toRow } from './rows.js';
import { type BatchResult, writeRows } from './sqlite-batch.js';
import { WriteHealth } from './sqlite-health.js';
import { flushOnExit, openDatabase } from './sqlite-open.js';
import { type Settings, type SqliteStoreOptions, settings } from './sqlite-options.js';
import { SqliteQueries } from './sqlite-queries.js';
import { RowQueue } from './sqlite-queue.js';
import { FlushWaiters } from './sqlite-waiters.js';
import { WorkerLink, workerAvailable } from './sqlite-worker-link.js';
import { SqliteWriter } from './sqlite-writer.js';
import type {
  ApprovalQuery,
  ApprovalRow,
  EventQuery,
  EventStore,
  OutputRow,
  StoredEvent,
  StoreHealth,
  ThreadRow,
  TurnRow,
} from './types.js';

export type { SqliteStoreOptions } from './sqlite-options.js';

export class SqliteStore implements EventStore {
  readonly path: string;
  /** This writer's id in the `session` column. */
  readonly session = randomUUID();
  private readonly o: Settings;
  private readonly health_ = new WriteHealth();
  private readonly queue = new RowQueue();
  private useWorker: boolean;
  private link: WorkerLink | undefined;
  private inflight: { id: number; rows: EventRow[]; bytes: number } | undefined;
  private batchIds = 0;
  private readonly waiters = new FlushWaiters();
  private db: Database.Database | undefined;
  private writer: SqliteWriter | undefined;
  private reader: SqliteQueries | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerDue = 0;
  private closed = false;
  private closing: Promise<void> | undefined;
  private readonly untrack: () => void;

  constructor(private readonly options: SqliteStoreOptions) {
    this.path = path.resolve(options.path);
    this.o = settings(options);
    const mode = options.worker ?? 'auto';
    if (mode === true && !workerAvailable()) {
      throw new Error('SqliteStore: worker: true needs the compiled sqlite-worker.js next to the store.');
    }
    this.useWorker = mode === true || (mode === 'auto' && workerAvailable());
    this.untrack = flushOnExit(this);
  }

  record(event: HandrailEvent): void {
    if (this.closed) {
      this.health_.drop(1);
      return;
    }
    this.queue.push(toRow(event, this.session, this.o.maxPayloadBytes));
    const pending = this.queue.length + (this.inflight?.rows.length ?? 0);
    const bytes = this.queue.bytes + (this.inflight?.bytes ?? 0);
    if (pending >= this.o.maxQueue || bytes >= this.o.maxQueueBytes) {
      // Full: write now rather than grow. While the database fails, keep a bounded backlog instead of
      // blocking every record() on a retry.
      if (!this.health_.failing || Date.now() >= this.health_.retryAt) this.flushSync();
      this.trimBacklog();
    } else if (this.queue.length >= this.o.batchSize) this.schedule(0);
    else this.schedule(this.o.flushIntervalMs);
  }

  /** Resolves once everything recorded before the call was committed (or its attempt failed: see health()). */
  async flush(): Promise<void> {
    if (!this.useWorker) return this.flushSync();
    if (!this.inflight && this.queue.length === 0) return;
    // Sending takes the whole queue, so the next batch holds every event queued now.
    const target = this.queue.length > 0 ? this.batchIds + 1 : this.inflight!.id;
    const settled = this.waiters.add(target);
    this.send();
    this.link?.hold(this.waiters.size > 0);
    return settled;
  }

  /** Write everything recorded, now, before returning. Never throws: a failure is counted and retried later. */
  flushSync(): void {
    this.cancelTimer();
    if (this.inflight) this.reclaim(Math.max(10_000, 3 * this.o.busyTimeoutMs));
    if (this.queue.length > 0) {
      const rows = this.queue.take();
      this.settle(
        rows,
        writeRows(() => this.open(), rows),
      );
    }
    this.resolveWaiters(Number.POSITIVE_INFINITY);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  health(): StoreHealth {
    return this.health_.snapshot(this.queue.length + (this.inflight?.rows.length ?? 0));
  }

  /** Diagnostics (and tests): who writes, and the batch the worker holds, if any. */
  writerState(): { mode: 'worker' | 'inline'; thread: boolean; inFlight: number; claimed: boolean } {
    const batch = this.inflight;
    return {
      mode: this.useWorker ? 'worker' : 'inline',
      thread: this.link?.running ?? false,
      inFlight: batch?.rows.length ?? 0,
      claimed: batch !== undefined && (this.link?.isClaimed(batch.id) ?? false),
    };
  }

  async threads(opts?: { limit?: number }): Promise<ThreadRow[]> {
    return (await this.read()).threads(opts);
  }

  async turns(opts?: { threadId?: string; limit?: number }): Promise<TurnRow[]> {
    return (await this.read()).turns(opts);
  }

  async events(opts?: EventQuery): Promise<StoredEvent[]> {
    return (await this.read()).events(opts);
  }

  async approvals(opts?: ApprovalQuery): Promise<ApprovalRow[]> {
    return (await this.read()).approvals(opts);
  }

  async outputs(opts?: { threadId?: string; turnId?: string; callId?: string }): Promise<OutputRow[]> {
    return (await this.read()).outputs(opts);
  }

  /** Queries see what was recorded before them. */
  private async read(): Promise<SqliteQueries> {
    if (this.closed) throw new Error('This handrail store is closed.');
    await this.flush();
    this.open();
    return this.reader!;
  }

  /** The main thread's own connection: the inline writer, the synchronous fallback, and the queries. */
  private open(): SqliteWriter {
    if (this.writer) return this.writer;
    const db = openDatabase(this.path, this.o.busyTimeoutMs);
    this.writer = new SqliteWriter(db);
    this.reader = new SqliteQueries(db);
    this.db = db;
    return this.writer;
  }

  private async shutdown(): Promise<void> {
    // From here record() drops (and counts); what was recorded before gets its attempt.
    this.closed = true;
    this.cancelTimer();
    await this.flush();
    if (this.inflight) this.flushSync();
    this.untrack();
    // What a failing database never took is lost now: say so in the counters.
    this.health_.drop(this.queue.take().length);
    await this.link?.stop();
    try {
      this.db?.close();
    } catch {
      // Closing a database whose file vanished: nothing left to do.
    }
    this.db = undefined;
  }

  /** Post the whole queue to the worker as one batch, unless one is in flight (it follows when that is done). */
  private send(): void {
    if (this.inflight || this.queue.length === 0) return;
    const link = this.startWorker();
    if (!link) {
      this.flushSync();
      return;
    }
    const bytes = this.queue.bytes;
    const rows = this.queue.take();
    this.inflight = { id: ++this.batchIds, rows, bytes };
    link.send(this.inflight.id, this.session, rows);
  }

  private startWorker(): WorkerLink | undefined {
    if (this.link?.alive) return this.link;
    if (!this.useWorker || this.link) return undefined;
    try {
      this.link = new WorkerLink(this.path, this.o.busyTimeoutMs, {
        done: (id) => this.onDone(id),
        exited: (reason) => this.onWorkerExit(reason),
      });
      return this.link;
    } catch (error) {
      this.fallBackInline(`the store worker could not start: ${(error as Error)?.message ?? error}`);
      return undefined;
    }
  }

  private onDone(id: number): void {
    const batch = this.inflight;
    if (!batch || batch.id !== id) return; // settled already by flushSync
    this.inflight = undefined;
    const result = this.link!.result();
    this.settle(batch.rows, result);
    this.resolveWaiters(result.error ? Number.POSITIVE_INFINITY : id);
    if (this.queue.length === 0) return;
    // Next batch: now for an awaited flush, a full batch or events whose timer fired meanwhile.
    if (this.waiters.size > 0) this.send();
    else if (!this.health_.failing && (this.queue.length >= this.o.batchSize || !this.timer)) this.send();
  }

  /**
   * Settle the batch in flight now (flushSync, the exit hook, a dead worker). Taken back before the worker
   * started it: queued again, in front. Finished: its result counts. Still running after `waitMs`: what the
   * worker published as committed counts; the rest is written again if the worker is `dead`, else (it hung
   * and may still commit) counted as lost, since writing it here could write it twice.
   */
  private reclaim(waitMs: number, dead?: string): void {
    const batch = this.inflight!;
    const link = this.link!;
    this.inflight = undefined;
    const outcome = link.reclaim(batch.id, waitMs);
    if (outcome === 'revoked') {
      this.queue.putBack(batch.rows);
      return;
    }
    const result = link.result();
    if (outcome === 'running' && dead !== undefined) {
      if (result.settled < batch.rows.length) result.error ??= { message: dead };
    } else if (outcome === 'running') {
      delete result.error;
      this.health_.drop(batch.rows.length - result.settled);
      link.abandon();
      this.fallBackInline('the store worker did not finish a batch in time; its events may be lost');
    }
    this.settle(batch.rows, result);
  }

  private onWorkerExit(reason: string): void {
    if (this.inflight) this.reclaim(0, reason);
    this.fallBackInline(reason);
    this.flushSync();
  }

  private fallBackInline(reason: string): void {
    this.useWorker = false;
    this.link = undefined;
    this.health_.errors++;
    this.health_.lastError = reason;
  }

  /** Count what a write attempt did; rows it did not settle go back in front of the queue for a retry. */
  private settle(rows: EventRow[], result: BatchResult): void {
    const retryInMs = this.health_.account(result, this.options);
    if (retryInMs === undefined) return;
    this.queue.putBack(rows.slice(result.settled));
    this.trimBacklog();
    this.schedule(retryInMs);
  }

  // A batch in the worker's hands is left out: it holds the oldest rows, which cannot be dropped while they
  // are written. Should it come back unwritten, the trim after putBack drops its rows first.
  private trimBacklog(): void {
    this.health_.drop(this.queue.trim(this.o.maxBacklog, this.o.maxBacklogBytes));
  }

  private resolveWaiters(upTo: number): void {
    this.waiters.settle(upTo);
    this.link?.hold(this.waiters.size > 0);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.health_.failing) ms = Math.max(ms, this.health_.retryAt - now);
    // Keep a timer that fires no later than asked: re-arming on every record would push it back forever.
    if (this.timer) {
      if (this.timerDue <= now + ms) return;
      this.cancelTimer();
    }
    this.timerDue = now + ms;
    this.timer = setTimeout(this.onTimer, ms);
    this.timer.unref?.();
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    if (this.useWorker) this.send();
    else this.flushSync();
  };

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
