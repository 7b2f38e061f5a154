import type { HandrailEvent } from '../types/index.js';
import { type ApprovalQuery, type ApprovalRow, type EventQuery, type EventStore, type OutputRow, type StoredEvent, type StoreHealth, type ThreadRow, type TurnRow } from './types.js';
export interface MemoryStoreOptions {
    /** Events kept; older ones are evicted (default 10,000). Threads, turns and approvals share the cap. */
    maxEvents?: number;
    maxPayloadBytes?: number;
}
export declare class MemoryStore implements EventStore {
    readonly session: `${string}-${string}-${string}-${string}-${string}`;
    private readonly max;
    private readonly maxPayloadBytes;
    private ring;
    private nextId;
    private evicted;
    private readonly threadRows;
    private readonly turnRows;
    private readonly approvalRows;
    private readonly outputRows;
    private closed;
    constructor(opts?: MemoryStoreOptions);
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
    events(q?: EventQuery): Promise<StoredEvent[]>;
    approvals(q?: ApprovalQuery): Promise<ApprovalRow[]>;
    outputs(q?: {
        threadId?: string;
        turnId?: string;
        callId?: string;
    }): Promise<OutputRow[]>;
    private apply;
}
