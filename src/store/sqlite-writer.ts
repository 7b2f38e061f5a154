// Write side of the SQLite store: one batch of rows in one transaction, with statements prepared once.
import type Database from 'better-sqlite3';
import type { ApprovalFields, EventRow } from './rows.js';

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
