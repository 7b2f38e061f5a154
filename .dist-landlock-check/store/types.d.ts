import type { HandrailEvent } from '../types/index.js';
/** An event as the store gives it back: the bus event plus the store's own row id and writer session. */
export interface StoredEvent extends HandrailEvent {
    /** The store's monotonic row id: the cursor for `afterId` (bus `seq` restarts with every runtime). */
    id: number;
    /** The writer that recorded it (one per store instance), so equal `seq`s from two runs stay apart. */
    session: string;
}
export interface ThreadRow {
    id: string;
    firstTs: number;
    lastTs: number;
    turns: number;
}
export interface TurnRow {
    id: string;
    threadId: string;
    startedTs: number;
    lastTs: number;
    endedTs?: number;
    /** Calls admitted in the turn, as `turn/ended` reported them. */
    calls?: number;
}
export type ApprovalDecision = 'allow_once' | 'allow_for_turn' | 'allow_for_session' | 'allow_always' | 'deny' | 'cancelled' | 'expired';
export interface ApprovalRow {
    requestId: string;
    requestKey?: string;
    threadId: string;
    turnId: string;
    callId?: string;
    tool?: string;
    action?: string;
    summary?: string;
    /** The rule that made the call ask, as text (structured rules as JSON). */
    rule?: string;
    suggestedRule?: string;
    openedTs?: number;
    resolvedTs?: number;
    decision?: string;
    decidedBy?: string;
    feedback?: string;
    durationMs?: number;
}
/** A full output spilled to a file by the projection stage. */
export interface OutputRow {
    threadId: string;
    turnId: string;
    callId?: string;
    /** As the projection reported it: relative to the workspace when inside it. */
    path: string;
    bytes: number;
    ts: number;
}
export interface EventQuery {
    threadId?: string;
    turnId?: string;
    callId?: string;
    /** Only rows with a store id above this (the `--follow` cursor). */
    afterId?: number;
    /** Only events whose bus `seq` is above this (meaningful within one session). */
    afterSeq?: number;
    session?: string;
    types?: string[];
    /** Most rows returned (default 1,000; at most 100,000), oldest first. */
    limit?: number;
}
export interface ApprovalQuery {
    threadId?: string;
    turnId?: string;
    /** true: still open; false: resolved. */
    pending?: boolean;
    limit?: number;
}
export interface StoreHealth {
    /** False while writes fail (or the database cannot be opened); events then wait in a bounded backlog. */
    ok: boolean;
    /** Events recorded and not yet written. */
    queued: number;
    written: number;
    flushes: number;
    /** Failed flushes (each retried later with backoff). */
    errors: number;
    /** Events given up: the backlog overflowed while writes failed, or a row the database refused. */
    dropped: number;
    lastError?: string;
    lastFlushTs?: number;
}
/**
 * Where the runtime's events go to last. `record` is synchronous and cheap (it queues); the writes happen
 * in batches. Queries see everything recorded before them (they flush first).
 */
export interface EventStore {
    record(event: HandrailEvent): void;
    flush(): Promise<void>;
    flushSync(): void;
    close(): Promise<void>;
    health(): StoreHealth;
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
}
export declare const DEFAULT_QUERY_LIMIT = 1000;
export declare const MAX_QUERY_LIMIT = 100000;
export declare function queryLimit(limit: number | undefined): number;
