// SqliteStore's options and their defaults.
import { DEFAULT_MAX_PAYLOAD_BYTES } from './rows.js';

export interface SqliteStoreOptions {
  /** The database file (the runtime passes `<stateDir>/handrail.db`); parents are created. */
  path: string;
  /**
   * Write on a worker thread (true), on the main thread (false), or on a worker when the compiled worker
   * (sqlite-worker.js) sits next to this module, as in dist/ (default 'auto').
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
  /** How long a write waits for another process's lock (default 2,000 ms; inline, it blocks the event loop). */
  busyTimeoutMs?: number;
  /** Largest payload stored verbatim (default 256 KiB). */
  maxPayloadBytes?: number;
  /** Called after each committed batch: from then on those events survive a kill of this process. */
  onFlush?: (info: { written: number; lastSeq: number; lastId: number }) => void;
  /** Called when writes start failing (once per failure streak), not on every retry. */
  onError?: (error: Error) => void;
}
export type Settings = Required<Omit<SqliteStoreOptions, 'onFlush' | 'onError' | 'path' | 'worker'>>;

export function settings(options: SqliteStoreOptions): Settings {
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
