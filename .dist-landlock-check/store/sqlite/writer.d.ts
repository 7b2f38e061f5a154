import Database from 'better-sqlite3';
import type { EventRow } from '../rows.js';
/** Create (0600, parents 0700), configure and migrate the database; the connection is closed on failure. */
export declare function openDatabase(file: string, busyTimeoutMs: number): Database.Database;
/** The outcome of one attempt at a batch; rows before `settled` are done with, the rest are to be retried. */
export interface BatchResult {
    /** Leading rows committed or dropped for their content: never to be written again. */
    settled: number;
    written: number;
    /** Transactions committed (one per batch, or one per row when a refused row was searched for). */
    commits: number;
    /** Rows the database refused for their content (each also counts as an error). */
    dropped: number;
    lastId: number;
    lastSeq: number;
    /** The last content error, when rows were dropped. */
    rowError?: string;
    /** Why the batch stopped at `settled` (the database, the disk, a lock): the rest is retried later. */
    error?: {
        message: string;
        code?: string;
    };
}
/**
 * One transaction for the batch; when the database refuses it for a row's content, the rows one by one so
 * only the rows at fault are dropped. Never throws: the store turns the result into counters, callbacks and
 * retries. `writer` opens the connection on first use, so a file that cannot be opened is a result too.
 */
export declare function writeRows(writer: () => SqliteWriter, rows: EventRow[]): BatchResult;
/** The statements of one write connection; `writeBatch` is one transaction. */
export declare class SqliteWriter {
    private readonly insertEvent;
    private readonly upsertThread;
    private readonly upsertTurn;
    private readonly startTurn;
    private readonly endTurn;
    private readonly insertOutput;
    private readonly openApproval;
    private readonly resolveApproval;
    /** Row id of the last event written (for onFlush). */
    lastId: number;
    /** Writes a batch atomically: all of its rows land, or none do (and the batch is retried). */
    readonly writeBatch: (rows: EventRow[]) => void;
    constructor(db: Database.Database);
    private write;
}
