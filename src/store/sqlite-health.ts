// The store's counters and its failure streak (backoff between retries), kept apart from the queueing.
import type { BatchResult } from './sqlite-batch.js';
import type { SqliteStoreOptions } from './sqlite-options.js';
import type { StoreHealth } from './types.js';

const MIN_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 5_000;

export class WriteHealth {
  written = 0;
  flushes = 0;
  errors = 0;
  dropped = 0;
  lastError: string | undefined;
  lastFlushTs: number | undefined;
  /** Writes are failing: events wait in the backlog until `retryAt`. */
  failing = false;
  retryAt = 0;
  private backoffMs = MIN_BACKOFF_MS;

  /** Count a write attempt and tell the observers; when it failed, how long until the retry. */
  account(result: BatchResult, on: Pick<SqliteStoreOptions, 'onFlush' | 'onError'>): number | undefined {
    if (result.dropped > 0) this.drop(result.dropped, result.rowError);
    if (result.written > 0) {
      this.committed(result.written, result.commits);
      try {
        on.onFlush?.({ written: result.written, lastSeq: result.lastSeq, lastId: result.lastId });
      } catch {
        // An observer's bug is not a write failure.
      }
    }
    if (!result.error) return undefined;
    const { first, retryInMs } = this.failed(result.error.message);
    if (first) {
      try {
        on.onError?.(Object.assign(new Error(result.error.message), { code: result.error.code }));
      } catch {
        // Ignored, like onFlush.
      }
    }
    return retryInMs;
  }

  committed(rows: number, commits: number): void {
    this.written += rows;
    this.flushes += commits;
    this.lastFlushTs = Date.now();
    this.failing = false;
    this.backoffMs = MIN_BACKOFF_MS;
  }

  /** A failed attempt: counted, and the next one pushed back. True when it starts a failure streak. */
  failed(message: string): { first: boolean; retryInMs: number } {
    this.errors++;
    this.lastError = message;
    const first = !this.failing;
    this.failing = true;
    const retryInMs = this.backoffMs;
    this.retryAt = Date.now() + retryInMs;
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
    return { first, retryInMs };
  }

  /** Rows given up (refused for their content: `error` says why; or trimmed from the backlog). */
  drop(rows: number, error?: string): void {
    this.dropped += rows;
    if (error !== undefined) {
      this.errors += rows;
      this.lastError = error;
    }
  }

  snapshot(queued: number): StoreHealth {
    const h: StoreHealth = {
      ok: !this.failing,
      queued,
      written: this.written,
      flushes: this.flushes,
      errors: this.errors,
      dropped: this.dropped,
    };
    if (this.lastError !== undefined) h.lastError = this.lastError;
    if (this.lastFlushTs !== undefined) h.lastFlushTs = this.lastFlushTs;
    return h;
  }
}
