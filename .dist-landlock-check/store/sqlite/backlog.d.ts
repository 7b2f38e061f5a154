import type { EventRow } from '../rows.js';
import type { StoreHealth } from '../types.js';
import type { SqliteStoreOptions } from './store.js';
import type { BatchResult } from './writer.js';
/** The counters health() reports, and when a failing database is tried again. */
export declare class WriteHealth {
    written: number;
    flushes: number;
    errors: number;
    dropped: number;
    lastError: string | undefined;
    lastFlushTs: number | undefined;
    /** Writes are failing: events wait in the backlog until `retryAt`. */
    failing: boolean;
    retryAt: number;
    private backoffMs;
    /** Count a write attempt and tell the observers; when it failed, how long until the retry. */
    account(result: BatchResult, on: Pick<SqliteStoreOptions, 'onFlush' | 'onError'>): number | undefined;
    committed(rows: number, commits: number): void;
    /** A failed attempt: counted, and the next one pushed back. True when it starts a failure streak. */
    failed(message: string): {
        first: boolean;
        retryInMs: number;
    };
    /** Rows given up (refused for their content: `error` says why; or trimmed from the backlog). */
    drop(rows: number, error?: string): void;
    snapshot(queued: number): StoreHealth;
}
/** The rows waiting to be written, with their payload bytes. */
export declare class RowQueue {
    private rows;
    bytes: number;
    get length(): number;
    push(row: EventRow): void;
    /** Everything queued, oldest first; the queue is left empty. */
    take(): EventRow[];
    /** Rows that were taken and not written go back in front, ahead of what was queued since. */
    putBack(rows: EventRow[]): void;
    /** Drop the oldest rows until at most `maxRows` (and `maxBytes`, keeping one) remain; how many went. */
    trim(maxRows: number, maxBytes: number): number;
}
