import type { HandrailEvent } from '../../types/index.js';
import type { ApprovalQuery, ApprovalRow, EventQuery, EventStore, OutputRow, StoredEvent, StoreHealth, ThreadRow, TurnRow } from '../types.js';
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
    onFlush?: (info: {
        written: number;
        lastSeq: number;
        lastId: number;
    }) => void;
    /** Called when writes start failing (once per failure streak), not on every retry. */
    onError?: (error: Error) => void;
}
export declare class SqliteStore implements EventStore {
    private readonly options;
    readonly path: string;
    /** This writer's id in the `session` column. */
    readonly session: `${string}-${string}-${string}-${string}-${string}`;
    private readonly o;
    private readonly health_;
    private readonly queue;
    private db;
    private writer;
    private reader;
    private timer;
    private timerDue;
    private closed;
    private closing;
    private readonly untrack;
    constructor(options: SqliteStoreOptions);
    record(event: HandrailEvent): void;
    /** Resolves once everything recorded before the call was committed (or its attempt failed: see health()). */
    flush(): Promise<void>;
    /** Write everything recorded, now, before returning. Never throws: a failure is counted and retried later. */
    flushSync(): void;
    close(): Promise<void>;
    health(): StoreHealth;
    /**
     * @deprecated Always `{ mode: 'inline', thread: false, inFlight: 0, claimed: false }`: the store writes on
     * the calling thread since the worker-thread writer was removed (see bench/store.js).
     */
    writerState(): {
        mode: 'worker' | 'inline';
        thread: boolean;
        inFlight: number;
        claimed: boolean;
    };
    threads(opts?: {
        limit?: number;
    }): Promise<ThreadRow[]>;
    turns(opts?: {
        threadId?: string;
        limit?: number;
    }): Promise<TurnRow[]>;
    events(opts?: EventQuery): Promise<StoredEvent[]>;
    approvals(opts?: ApprovalQuery): Promise<ApprovalRow[]>;
    outputs(opts?: {
        threadId?: string;
        turnId?: string;
        callId?: string;
    }): Promise<OutputRow[]>;
    /** Queries see what was recorded before them. */
    private read;
    /** One connection for writing and the queries, opened on first use (and again after a failed open). */
    private open;
    private shutdown;
    /** Count what a write attempt did; rows it did not settle go back in front of the queue for a retry. */
    private settle;
    private trimBacklog;
    private schedule;
    private readonly onTimer;
    private cancelTimer;
}
