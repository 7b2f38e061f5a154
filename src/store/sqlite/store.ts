// The embedded default store: one SQLite file in WAL mode, written in batches off the call path. record()
// only serializes and queues; a timer writes the queue in one transaction every flushIntervalMs, or on the
// next macrotask once batchSize events wait, on this thread (writer.ts says why not on a worker thread).
// Memory stays bounded: a full queue (maxQueue events or maxQueueBytes) is written synchronously, and while
// writes fail the queue is kept as a backlog, retried with backoff, and trimmed oldest-first to maxBacklog.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { HandrailEvent } from '../../types/index.js';
import { DEFAULT_MAX_PAYLOAD_BYTES, type EventRow, toRow } from '../rows.js';
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
} from '../types.js';
import { RowQueue, WriteHealth } from './backlog.js';
import { SqliteQueries } from './reader.js';
import { type BatchResult, openDatabase, SqliteWriter, writeRows } from './writer.js';

export interface SqliteStoreOptions {
  /** The database file (the runtime passes `<stateDir>/handrail.db`); parents are created. */
  path: string;
  /**
   * @deprecated Ignored: the store always writes on the calling thread. A worker-thread writer was measured
   * not to pay for itself (see bench/store.js) and was removed; the option is still accepted.
   */
  worker?: boolean | 'auto';
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

type Settings = Required<Omit<SqliteStoreOptions, 'onFlush' | 'onError' | 'path' | 'worker'>>;

function settings(options: SqliteStoreOptions): Settings {
  const maxQueue = options.maxQueue ?? 10_000;
  return {
    maxQueue,
    maxQueueBytes: options.maxQueueBytes ?? 8 * 1024 * 1024,
    batchSize: Math.min(options.batchSize ?? 512, maxQueue),
    flushIntervalMs: options.flushIntervalMs ?? 20,
    maxBacklog: Math.max(options.maxBacklog ?? 100_000, maxQueue),
    maxBacklogBytes: options.maxBacklogBytes ?? 64 * 1024 * 1024,
    busyTimeoutMs: options.busyTimeoutMs ?? 2_000,
    maxPayloadBytes: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
  };
}

export class SqliteStore implements EventStore {
  readonly path: string;
  /** This writer's id in the `session` column. */
  readonly session = randomUUID();
  private readonly o: Settings;
  private readonly health_ = new WriteHealth();
  private readonly queue = new RowQueue();
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
    this.untrack = flushOnExit(this);
  }

  record(event: HandrailEvent): void {
    if (this.closed) {
      this.health_.drop(1);
      return;
    }
    this.queue.push(toRow(event, this.session, this.o.maxPayloadBytes));
    if (this.queue.length >= this.o.maxQueue || this.queue.bytes >= this.o.maxQueueBytes) {
      // Full: write now rather than grow. While the database fails, keep a bounded backlog instead of
      // blocking every record() on a retry.
      if (!this.health_.failing || Date.now() >= this.health_.retryAt) this.flushSync();
      this.trimBacklog();
    } else if (this.queue.length >= this.o.batchSize) this.schedule(0);
    else this.schedule(this.o.flushIntervalMs);
  }

  /** Resolves once everything recorded before the call was committed (or its attempt failed: see health()). */
  async flush(): Promise<void> {
    this.flushSync();
  }

  /** Write everything recorded, now, before returning. Never throws: a failure is counted and retried later. */
  flushSync(): void {
    this.cancelTimer();
    if (this.queue.length === 0) return;
    const rows = this.queue.take();
    this.settle(
      rows,
      writeRows(() => this.open(), rows),
    );
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  health(): StoreHealth {
    return this.health_.snapshot(this.queue.length);
  }

  /**
   * @deprecated Always `{ mode: 'inline', thread: false, inFlight: 0, claimed: false }`: the store writes on
   * the calling thread since the worker-thread writer was removed (see bench/store.js).
   */
  writerState(): { mode: 'worker' | 'inline'; thread: boolean; inFlight: number; claimed: boolean } {
    return { mode: 'inline', thread: false, inFlight: 0, claimed: false };
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

  /** One connection for writing and the queries, opened on first use (and again after a failed open). */
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
    this.flushSync();
    this.untrack();
    // What a failing database never took is lost now: say so in the counters.
    this.health_.drop(this.queue.take().length);
    try {
      this.db?.close();
    } catch {
      // Closing a database whose file vanished: nothing left to do.
    }
    this.db = undefined;
  }

  /** Count what a write attempt did; rows it did not settle go back in front of the queue for a retry. */
  private settle(rows: EventRow[], result: BatchResult): void {
    const retryInMs = this.health_.account(result, this.options);
    if (retryInMs === undefined) return;
    this.queue.putBack(rows.slice(result.settled));
    this.trimBacklog();
    this.schedule(retryInMs);
  }

  private trimBacklog(): void {
    this.health_.drop(this.queue.trim(this.o.maxBacklog, this.o.maxBacklogBytes));
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
    this.flushSync();
  };

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

// Store timers are unref'd so a store never keeps a process alive; what is queued at a normal exit is
// written here, by one process-wide hook rather than a listener per store.
const openStores = new Set<{ flushSync(): void }>();
let exitHooked = false;

function flushOnExit(store: { flushSync(): void }): () => void {
  openStores.add(store);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const open of openStores) open.flushSync();
    });
  }
  return () => openStores.delete(store);
}
