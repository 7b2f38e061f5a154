// The embedded default store: one SQLite file in WAL mode, written in batches off the call path.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { HandrailEvent } from '../types/index.js';
import { DEFAULT_MAX_PAYLOAD_BYTES, type EventRow, toRow } from './rows.js';
import { flushOnExit, isTransient, openDatabase } from './sqlite-open.js';
import { SqliteQueries } from './sqlite-queries.js';
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

export interface SqliteStoreOptions {
  /** The database file (the runtime passes `<stateDir>/handrail.db`); parents are created. */
  path: string;
  /** Events queued before a synchronous flush (default 10,000): the queue never grows past it while healthy. */
  maxQueue?: number;
  /** Queued payload bytes before a synchronous flush (default 8 MiB). */
  maxQueueBytes?: number;
  /** Events that trigger a flush on the next macrotask instead of waiting for the timer (default 512). */
  batchSize?: number;
  /** How long an event may wait before its batch is written (default 20 ms). */
  flushIntervalMs?: number;
  /** While writes fail, events kept for a retry (default 100,000 events / 64 MiB); past that the oldest go. */
  maxBacklog?: number;
  maxBacklogBytes?: number;
  /** How long a write waits for another process's lock (default 2,000 ms; it blocks the event loop). */
  busyTimeoutMs?: number;
  /** Largest payload stored verbatim (default 256 KiB). */
  maxPayloadBytes?: number;
  /** Called after each committed batch: from then on those events survive a kill of this process. */
  onFlush?: (info: { written: number; lastSeq: number; lastId: number }) => void;
  /** Called when writes start failing (once per failure streak), not on every retry. */
  onError?: (error: Error) => void;
}

const MIN_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 5_000;

export class SqliteStore implements EventStore {
  readonly path: string;
  /** This writer's id in the `session` column. */
  readonly session = randomUUID();
  private readonly o: Required<Omit<SqliteStoreOptions, 'onFlush' | 'onError' | 'path'>>;
  private db: Database.Database | undefined;
  private writer: SqliteWriter | undefined;
  private reader: SqliteQueries | undefined;
  private queue: EventRow[] = [];
  private queuedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerDue = 0;
  private closed = false;
  private readonly untrack: () => void;
  private failing = false;
  private backoffMs = MIN_BACKOFF_MS;
  private retryAt = 0;
  private readonly stats = { written: 0, flushes: 0, errors: 0, dropped: 0 } as {
    written: number;
    flushes: number;
    errors: number;
    dropped: number;
    lastError?: string;
    lastFlushTs?: number;
  };

  constructor(private readonly options: SqliteStoreOptions) {
    this.path = path.resolve(options.path);
    const maxQueue = options.maxQueue ?? 10_000;
    this.o = {
      maxQueue,
      maxQueueBytes: options.maxQueueBytes ?? 8 * 1024 * 1024,
      batchSize: Math.min(options.batchSize ?? 512, maxQueue),
      flushIntervalMs: options.flushIntervalMs ?? 20,
      maxBacklog: Math.max(options.maxBacklog ?? 100_000, maxQueue),
      maxBacklogBytes: options.maxBacklogBytes ?? 64 * 1024 * 1024,
      busyTimeoutMs: options.busyTimeoutMs ?? 2_000,
      maxPayloadBytes: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
    };
    this.untrack = flushOnExit(this);
  }

  record(event: HandrailEvent): void {
    if (this.closed) {
      this.stats.dropped++;
      return;
    }
    const row = toRow(event, this.session, this.o.maxPayloadBytes);
    this.queue.push(row);
    this.queuedBytes += row.payload.length;
    if (this.queue.length >= this.o.maxQueue || this.queuedBytes >= this.o.maxQueueBytes) {
      // Full: write now rather than grow. While the database fails, keep a bounded backlog instead of
      // blocking every record() on a retry.
      if (!this.failing || Date.now() >= this.retryAt) this.flushSync();
      this.trimBacklog();
    } else if (this.queue.length >= this.o.batchSize) this.schedule(0);
    else this.schedule(this.o.flushIntervalMs);
  }

  async flush(): Promise<void> {
    this.flushSync();
  }

  /** Write everything queued now, in one transaction. Never throws: a failure is counted and retried later. */
  flushSync(): void {
    this.cancelTimer();
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    try {
      this.open().writeBatch(batch);
      this.succeeded(batch);
    } catch (error) {
      if (isTransient(error) || batch.length === 1) this.requeue(batch, error);
      else this.writeOneByOne(batch);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flushSync();
    this.closed = true;
    this.cancelTimer();
    this.untrack();
    // What a failing database never took is lost now: say so in the counters.
    this.stats.dropped += this.queue.length;
    this.queue = [];
    this.queuedBytes = 0;
    try {
      this.db?.close();
    } catch {
      // Closing a database whose file vanished: nothing left to do.
    }
    this.db = undefined;
  }

  health(): StoreHealth {
    const h: StoreHealth = {
      ok: !this.failing,
      queued: this.queue.length,
      written: this.stats.written,
      flushes: this.stats.flushes,
      errors: this.stats.errors,
      dropped: this.stats.dropped,
    };
    if (this.stats.lastError !== undefined) h.lastError = this.stats.lastError;
    if (this.stats.lastFlushTs !== undefined) h.lastFlushTs = this.stats.lastFlushTs;
    return h;
  }

  async threads(opts?: { limit?: number }): Promise<ThreadRow[]> {
    return this.read().threads(opts);
  }

  async turns(opts?: { threadId?: string; limit?: number }): Promise<TurnRow[]> {
    return this.read().turns(opts);
  }

  async events(opts?: EventQuery): Promise<StoredEvent[]> {
    return this.read().events(opts);
  }

  async approvals(opts?: ApprovalQuery): Promise<ApprovalRow[]> {
    return this.read().approvals(opts);
  }

  async outputs(opts?: { threadId?: string; turnId?: string; callId?: string }): Promise<OutputRow[]> {
    return this.read().outputs(opts);
  }

  /** Queries see what was recorded before them. */
  private read(): SqliteQueries {
    if (this.closed) throw new Error('This handrail store is closed.');
    this.flushSync();
    this.open();
    return this.reader!;
  }

  private open(): SqliteWriter {
    if (this.writer) return this.writer;
    const db = openDatabase(this.path, this.o.busyTimeoutMs);
    this.writer = new SqliteWriter(db);
    this.reader = new SqliteQueries(db);
    this.db = db;
    return this.writer;
  }

  private succeeded(batch: EventRow[]): void {
    this.stats.written += batch.length;
    this.stats.flushes++;
    this.stats.lastFlushTs = Date.now();
    this.failing = false;
    this.backoffMs = MIN_BACKOFF_MS;
    if (this.options.onFlush && batch.length > 0) {
      try {
        this.options.onFlush({
          written: batch.length,
          lastSeq: batch[batch.length - 1]!.seq,
          lastId: this.writer!.lastId,
        });
      } catch {
        // An observer's bug is not a write failure.
      }
    }
  }

  private requeue(batch: EventRow[], error: unknown): void {
    this.stats.errors++;
    this.stats.lastError = String((error as Error)?.message ?? error);
    if (!this.failing) {
      this.failing = true;
      try {
        this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // Ignored, like onFlush.
      }
    }
    this.queue = batch.concat(this.queue);
    this.queuedBytes = this.queue.reduce((sum, row) => sum + row.payload.length, 0);
    this.trimBacklog();
    this.retryAt = Date.now() + this.backoffMs;
    this.schedule(this.backoffMs);
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
  }

  /** A batch the database refused for its content: find the rows at fault, keep the others. */
  private writeOneByOne(batch: EventRow[]): void {
    for (let i = 0; i < batch.length; i++) {
      try {
        this.open().writeBatch([batch[i]!]);
        this.succeeded([batch[i]!]);
      } catch (error) {
        if (isTransient(error)) {
          this.requeue(batch.slice(i), error);
          return;
        }
        this.stats.dropped++;
        this.stats.errors++;
        this.stats.lastError = String((error as Error)?.message ?? error);
      }
    }
  }

  private trimBacklog(): void {
    while (
      this.queue.length > this.o.maxBacklog ||
      (this.queuedBytes > this.o.maxBacklogBytes && this.queue.length > 1)
    ) {
      const dropped = this.queue.shift()!;
      this.queuedBytes -= dropped.payload.length;
      this.stats.dropped++;
    }
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.failing) ms = Math.max(ms, this.retryAt - now);
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
    this.flushSync();
  };

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
