// Write side of the SQLite store, on the calling (main) thread: opening the file for writing, the statements
// (prepared once), and one batch of rows in one transaction, with a row-by-row retry so only rows the
// database refuses for their content are dropped.
//
// Why on the main thread: until issue 13 the store handed its batches to a worker thread (about 500 lines:
// a thread, a shared-memory handshake so flushSync and the exit hook could take a batch back, a wire format).
// bench/store.js measures it against this in-thread writer (same batches, same WAL/synchronous=NORMAL file,
// medians of 5 interleaved runs, 2-core VM; ratio = worker / main thread, same run):
//   10k events × 500 B, 3 per 1 ms tick (~2,500/s, heavy for an agent): event-loop delay p99 2.01 → 1.91
//     ms (0.95×: noise, the same writer varies by 1 ms between runs here), max 13.7 → 7.8 ms (0.57×: WAL
//     checkpoints run off-thread), record() p99 23.9 → 20.8 µs (0.87×), main-thread CPU 18–21 → 9.6
//     µs/event (≈0.5×), time to durable 4.05 → 3.86 s (0.95×).
//   10k events flat out (stress, ~80k events/s): loop p99 21.9 → 9.7 ms (0.45×), CPU 9.8 → 4.2 µs/event
//     (0.43×), time to durable 126 → 143 ms (1.13×: the thread is slower to durable).
//   20 × 1 MB outputs, one per 5 ms: no difference (loop p99 9.2 → 8.1 ms, time to durable 193 → 192 ms;
//     the bench now runs 50, one per 10 ms: the same picture); record() costs ~4 ms on either, serializing
//     the payload, which no thread moves off the main one.
// Decision: the worker only pays under loads an agent does not produce; at a realistic rate its saving is
// ~10 µs of CPU per event and an occasional ~10 ms checkpoint stall, against a second code path that the
// TypeScript sources never ran. So the store writes here, and bench/store.js keeps the comparison (with a
// bench-local copy of the worker design) so the decision can be checked again.
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ApprovalFields, EventRow } from '../rows.js';
import { createPrivateDir, refuseLink } from '../state-dir.js';
import { migrate } from './schema.js';

/** Create (0600, parents 0700), configure and migrate the database; the connection is closed on failure. */
export function openDatabase(file: string, busyTimeoutMs: number): Database.Database {
  // The state directory, when this creates it: 0700 with a .gitignore, so `git add -A` never takes the log.
  createPrivateDir(path.dirname(file));
  // SQLite follows links: a committed handrail.db (or its -wal) pointing elsewhere would be written there.
  for (const suffix of ['', '-wal', '-shm', '-journal']) refuseLink(`${file}${suffix}`);
  createPrivate(file);
  const db = new Database(file, { timeout: busyTimeoutMs });
  try {
    // WAL: a committed transaction is in the log before COMMIT returns, so killing this process (SIGKILL,
    // OOM) never loses a flushed batch, and readers (`handrail log --follow`) never block the writer.
    db.pragma('journal_mode = WAL');
    // NORMAL skips the fsync per commit (only checkpoints sync): still crash-safe for the process; only a
    // power loss or OS crash may roll back the last few transactions. FULL would cost an fsync per batch.
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Errors worth retrying the same rows for: the database, the disk or a lock, not the rows themselves. */
const TRANSIENT =
  /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|PERM|NOMEM|PROTOCOL|CORRUPT|NOTADB|AUTH)/;

/** Whether a failed write should be retried as is (true) or the batch searched for a refused row (false). */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  // No SQLite code: the file could not be opened (ENOTDIR, EACCES) or a newer schema: retry later.
  if (typeof code !== 'string') return !(error instanceof TypeError || error instanceof RangeError);
  return !code.startsWith('SQLITE_') || TRANSIENT.test(code);
}

/** The database holds commands and arguments: create it readable by the user only (SQLite copies the mode). */
function createPrivate(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch {
    // Exists already (or cannot be created: better-sqlite3 reports that precisely).
  }
}

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
  error?: { message: string; code?: string };
}

function emptyResult(): BatchResult {
  return { settled: 0, written: 0, commits: 0, dropped: 0, lastId: 0, lastSeq: 0 };
}

/**
 * One transaction for the batch; when the database refuses it for a row's content, the rows one by one so
 * only the rows at fault are dropped. Never throws: the store turns the result into counters, callbacks and
 * retries. `writer` opens the connection on first use, so a file that cannot be opened is a result too.
 */
export function writeRows(writer: () => SqliteWriter, rows: EventRow[]): BatchResult {
  const result = emptyResult();
  if (rows.length === 0) return result;
  try {
    const w = writer();
    w.writeBatch(rows);
    committed(result, rows.length, rows.length, w);
    result.lastSeq = rows[rows.length - 1]!.seq;
    return result;
  } catch (error) {
    // A lone row that fails is retried once as is; the next attempt, batched with others, finds it out.
    if (isTransient(error) || rows.length === 1) {
      result.error = describe(error);
      return result;
    }
  }
  for (let i = 0; i < rows.length; i++) {
    try {
      const w = writer();
      w.writeBatch([rows[i]!]);
      committed(result, 1, i + 1, w);
      result.lastSeq = rows[i]!.seq;
    } catch (error) {
      if (isTransient(error)) {
        result.error = describe(error);
        return result;
      }
      result.settled = i + 1;
      result.dropped++;
      result.rowError = describe(error).message;
    }
  }
  return result;
}

function committed(result: BatchResult, written: number, settled: number, w: SqliteWriter): void {
  result.written += written;
  result.commits++;
  result.settled = settled;
  result.lastId = w.lastId;
}

function describe(error: unknown): { message: string; code?: string } {
  const message = String((error as Error)?.message ?? error);
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? { message, code } : { message };
}

/** The statements of one write connection; `writeBatch` is one transaction. */
export class SqliteWriter {
  private readonly insertEvent: Database.Statement;
  private readonly upsertThread: Database.Statement;
  private readonly upsertTurn: Database.Statement;
  private readonly startTurn: Database.Statement;
  private readonly endTurn: Database.Statement;
  private readonly insertOutput: Database.Statement;
  private readonly openApproval: Database.Statement;
  private readonly resolveApproval: Database.Statement;
  /** Row id of the last event written (for onFlush). */
  lastId = 0;
  /** Writes a batch atomically: all of its rows land, or none do (and the batch is retried). */
  readonly writeBatch: (rows: EventRow[]) => void;

  constructor(db: Database.Database) {
    this.insertEvent = db.prepare(
      `INSERT INTO events (session, seq, ts, type, thread_id, turn_id, call_id, payload)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.upsertThread = db.prepare(
      `INSERT INTO threads (id, first_ts, last_ts) VALUES (?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET first_ts = min(first_ts, excluded.first_ts),
                                     last_ts = max(last_ts, excluded.last_ts)`,
    );
    this.upsertTurn = db.prepare(
      `INSERT INTO turns (thread_id, id, started_ts, last_ts) VALUES (?, ?, ?, ?)
       ON CONFLICT(thread_id, id) DO UPDATE SET started_ts = min(started_ts, excluded.started_ts),
                                                last_ts = max(last_ts, excluded.last_ts)`,
    );
    // turn/started is authoritative for the start time even when another event was seen first.
    this.startTurn = db.prepare('UPDATE turns SET started_ts = ? WHERE thread_id = ? AND id = ?');
    this.endTurn = db.prepare('UPDATE turns SET ended_ts = ?, calls = ? WHERE thread_id = ? AND id = ?');
    this.insertOutput = db.prepare(
      'INSERT INTO outputs (thread_id, turn_id, call_id, path, bytes, ts) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.openApproval = db.prepare(
      `INSERT INTO approvals (request_id, request_key, thread_id, turn_id, call_id, tool, action, summary, rule,
                              suggested_rule, opened_ts)
       VALUES (@requestId, @requestKey, @threadId, @turnId, @callId, @tool, @action, @summary, @rule,
               @suggestedRule, @ts)
       ON CONFLICT(request_id) DO UPDATE SET
         request_key = coalesce(excluded.request_key, request_key), tool = coalesce(excluded.tool, tool),
         action = coalesce(excluded.action, action), summary = coalesce(excluded.summary, summary),
         rule = coalesce(excluded.rule, rule), suggested_rule = coalesce(excluded.suggested_rule, suggested_rule),
         call_id = coalesce(excluded.call_id, call_id), opened_ts = excluded.opened_ts`,
    );
    // A resolution seen without its opening (a store attached mid-request) still gets a row.
    this.resolveApproval = db.prepare(
      `INSERT INTO approvals (request_id, request_key, thread_id, turn_id, call_id, resolved_ts, decision,
                              decided_by, feedback, duration_ms)
       VALUES (@requestId, @requestKey, @threadId, @turnId, @callId, @ts, @decision, @decidedBy, @feedback,
               @durationMs)
       ON CONFLICT(request_id) DO UPDATE SET
         request_key = coalesce(request_key, excluded.request_key), resolved_ts = excluded.resolved_ts,
         decision = excluded.decision, decided_by = excluded.decided_by, feedback = excluded.feedback,
         duration_ms = excluded.duration_ms`,
    );
    this.writeBatch = db.transaction((rows: EventRow[]) => this.write(rows));
  }

  private write(rows: EventRow[]): void {
    // threads/turns get one upsert per batch each, not one per event: a batch is mostly one turn.
    const threads = new Map<string, [number, number]>();
    const turns = new Map<string, [string, string, number, number]>();
    for (const row of rows) {
      const info = this.insertEvent.run(
        row.session,
        row.seq,
        row.ts,
        row.type,
        row.threadId,
        row.turnId,
        row.callId,
        row.payload,
      );
      this.lastId = Number(info.lastInsertRowid);
      widen(threads, row.threadId, row.ts);
      const key = `${row.threadId}\u0000${row.turnId}`;
      const turn = turns.get(key);
      if (turn) {
        turn[2] = Math.min(turn[2], row.ts);
        turn[3] = Math.max(turn[3], row.ts);
      } else turns.set(key, [row.threadId, row.turnId, row.ts, row.ts]);
    }
    for (const [id, [first, last]] of threads) this.upsertThread.run(id, first, last);
    for (const [threadId, turnId, first, last] of turns.values()) {
      this.upsertTurn.run(threadId, turnId, first, last);
    }
    for (const row of rows) {
      if (row.turnStarted) this.startTurn.run(row.ts, row.threadId, row.turnId);
      if (row.turnEnded) this.endTurn.run(row.ts, row.turnEnded.calls, row.threadId, row.turnId);
      if (row.output) {
        this.insertOutput.run(
          row.threadId,
          row.turnId,
          row.callId,
          row.output.path,
          row.output.bytes,
          row.ts,
        );
      }
      if (row.approvalOpened) this.openApproval.run(approvalParams(row, row.approvalOpened));
      if (row.approvalResolved) this.resolveApproval.run(approvalParams(row, row.approvalResolved));
    }
  }
}

function widen(map: Map<string, [number, number]>, key: string, ts: number): void {
  const range = map.get(key);
  if (!range) map.set(key, [ts, ts]);
  else {
    range[0] = Math.min(range[0], ts);
    range[1] = Math.max(range[1], ts);
  }
}

function approvalParams(row: EventRow, fields: ApprovalFields): Record<string, unknown> {
  return { ...fields, threadId: row.threadId, turnId: row.turnId, callId: row.callId, ts: row.ts };
}
