import Database from 'better-sqlite3';
import { type ApprovalQuery, type ApprovalRow, type EventQuery, type OutputRow, type StoredEvent, type ThreadRow, type TurnRow } from '../types.js';
export declare class NoDatabaseError extends Error {
    readonly path: string;
    constructor(path: string);
}
export interface StoreReader {
    readonly path: string;
    readonly queries: SqliteQueries;
    close(): void;
}
/** Open a database for reading; a missing file is a NoDatabaseError, an empty or newer one an error. */
export declare function openReader(file: string, opts?: {
    busyTimeoutMs?: number;
}): StoreReader;
export declare class SqliteQueries {
    private readonly db;
    constructor(db: Database.Database);
    threads(opts?: {
        limit?: number;
    }): ThreadRow[];
    turns(opts?: {
        threadId?: string;
        limit?: number;
    }): TurnRow[];
    events(q?: EventQuery): StoredEvent[];
    /** The id of the newest event (0 when empty): where `--follow` starts when it shows no history. */
    lastEventId(): number;
    approvals(q?: ApprovalQuery): ApprovalRow[];
    outputs(q?: {
        threadId?: string;
        turnId?: string;
        callId?: string;
    }): OutputRow[];
}
