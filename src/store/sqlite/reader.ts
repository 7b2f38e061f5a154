// Read side of the SQLite store: the queries `handrail log` and a console need, on the store's own connection
// (after a flush) or on a read-only one opened by another process (the log command while a runtime runs),
// which never creates, migrates or locks the file.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { HandrailEvent, HandrailEventType } from '../../types/index.js';
import {
  type ApprovalQuery,
  type ApprovalRow,
  type EventQuery,
  type OutputRow,
  queryLimit,
  type StoredEvent,
  type ThreadRow,
  type TurnRow,
} from '../types.js';
import { newerSchemaError, SCHEMA_VERSION, schemaVersion } from './schema.js';

export class NoDatabaseError extends Error {
  constructor(readonly path: string) {
    super(`No handrail database at ${path}`);
    this.name = 'NoDatabaseError';
  }
}

export interface StoreReader {
  readonly path: string;
  readonly queries: SqliteQueries;
  close(): void;
}

/** Open a database for reading; a missing file is a NoDatabaseError, an empty or newer one an error. */
export function openReader(file: string, opts: { busyTimeoutMs?: number } = {}): StoreReader {
  if (!existsSync(file)) throw new NoDatabaseError(file);
  const db = new Database(file, {
    readonly: true,
    fileMustExist: true,
    timeout: opts.busyTimeoutMs ?? 2_000,
  });
  try {
    const version = schemaVersion(db);
    if (version === 0) throw new NoDatabaseError(file);
    if (version > SCHEMA_VERSION) throw newerSchemaError(version, SCHEMA_VERSION);
  } catch (error) {
    db.close();
    throw error;
  }
  return { path: file, queries: new SqliteQueries(db), close: () => db.close() };
}

type Row = Record<string, unknown>;

export class SqliteQueries {
  constructor(private readonly db: Database.Database) {}

  threads(opts: { limit?: number } = {}): ThreadRow[] {
    // The most recent threads, shown oldest first like a timeline.
    const rows = this.db
      .prepare(
        `SELECT t.id, t.first_ts, t.last_ts, (SELECT count(*) FROM turns u WHERE u.thread_id = t.id) AS turns
         FROM threads t ORDER BY t.last_ts DESC, t.rowid DESC LIMIT ?`,
      )
      .all(queryLimit(opts.limit)) as Row[];
    return rows.reverse().map((r) => ({
      id: String(r.id),
      firstTs: Number(r.first_ts),
      lastTs: Number(r.last_ts),
      turns: Number(r.turns),
    }));
  }

  turns(opts: { threadId?: string; limit?: number } = {}): TurnRow[] {
    const where = opts.threadId === undefined ? '' : 'WHERE thread_id = ?';
    const params: unknown[] = opts.threadId === undefined ? [] : [opts.threadId];
    const rows = this.db
      .prepare(`SELECT * FROM turns ${where} ORDER BY started_ts DESC, rowid DESC LIMIT ?`)
      .all(...params, queryLimit(opts.limit)) as Row[];
    return rows.reverse().map((r) => {
      const turn: TurnRow = {
        id: String(r.id),
        threadId: String(r.thread_id),
        startedTs: Number(r.started_ts),
        lastTs: Number(r.last_ts),
      };
      if (r.ended_ts !== null) turn.endedTs = Number(r.ended_ts);
      if (r.calls !== null) turn.calls = Number(r.calls);
      return turn;
    });
  }

  events(q: EventQuery = {}): StoredEvent[] {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      clauses.push(clause);
      params.push(value);
    };
    if (q.threadId !== undefined) add('thread_id = ?', q.threadId);
    if (q.turnId !== undefined) add('turn_id = ?', q.turnId);
    if (q.callId !== undefined) add('call_id = ?', q.callId);
    if (q.afterId !== undefined) add('id > ?', q.afterId);
    if (q.afterSeq !== undefined) add('seq > ?', q.afterSeq);
    if (q.session !== undefined) add('session = ?', q.session);
    if (q.types && q.types.length > 0) {
      clauses.push(`type IN (${q.types.map(() => '?').join(', ')})`);
      params.push(...q.types);
    }
    const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
    const rows = this.db
      .prepare(`SELECT * FROM events ${where} ORDER BY id LIMIT ?`)
      .all(...params, queryLimit(q.limit)) as Row[];
    return rows.map(toEvent);
  }

  /** The id of the newest event (0 when empty): where `--follow` starts when it shows no history. */
  lastEventId(): number {
    const row = this.db.prepare('SELECT max(id) AS id FROM events').get() as { id: number | null };
    return row.id ?? 0;
  }

  approvals(q: ApprovalQuery = {}): ApprovalRow[] {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (q.threadId !== undefined) {
      clauses.push('thread_id = ?');
      params.push(q.threadId);
    }
    if (q.turnId !== undefined) {
      clauses.push('turn_id = ?');
      params.push(q.turnId);
    }
    if (q.pending === true) clauses.push('resolved_ts IS NULL');
    if (q.pending === false) clauses.push('resolved_ts IS NOT NULL');
    const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
    const rows = this.db
      .prepare(`SELECT * FROM approvals ${where} ORDER BY coalesce(opened_ts, resolved_ts), rowid LIMIT ?`)
      .all(...params, queryLimit(q.limit)) as Row[];
    return rows.map(toApproval);
  }

  outputs(q: { threadId?: string; turnId?: string; callId?: string } = {}): OutputRow[] {
    const clauses: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of [
      ['thread_id', q.threadId],
      ['turn_id', q.turnId],
      ['call_id', q.callId],
    ] as const) {
      if (value === undefined) continue;
      clauses.push(`${column} = ?`);
      params.push(value);
    }
    const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
    const rows = this.db.prepare(`SELECT * FROM outputs ${where} ORDER BY id`).all(...params) as Row[];
    return rows.map((r) => {
      const out: OutputRow = {
        threadId: String(r.thread_id),
        turnId: String(r.turn_id),
        path: String(r.path),
        bytes: Number(r.bytes),
        ts: Number(r.ts),
      };
      if (r.call_id !== null) out.callId = String(r.call_id);
      return out;
    });
  }
}

function toEvent(r: Row): StoredEvent {
  let payload: Record<string, unknown>;
  try {
    const parsed = JSON.parse(String(r.payload)) as unknown;
    payload =
      typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    payload = { unparsable: String(r.payload).slice(0, 200) };
  }
  const event: HandrailEvent & { id: number; session: string } = {
    id: Number(r.id),
    session: String(r.session),
    seq: Number(r.seq),
    ts: Number(r.ts),
    type: String(r.type) as HandrailEventType,
    threadId: String(r.thread_id),
    turnId: String(r.turn_id),
    payload,
  };
  if (r.call_id !== null) event.callId = String(r.call_id);
  return event;
}

function toApproval(r: Row): ApprovalRow {
  const row: ApprovalRow = {
    requestId: String(r.request_id),
    threadId: String(r.thread_id),
    turnId: String(r.turn_id),
  };
  const optional: Array<[keyof ApprovalRow, string]> = [
    ['requestKey', 'request_key'],
    ['callId', 'call_id'],
    ['tool', 'tool'],
    ['action', 'action'],
    ['summary', 'summary'],
    ['rule', 'rule'],
    ['suggestedRule', 'suggested_rule'],
    ['decision', 'decision'],
    ['decidedBy', 'decided_by'],
    ['feedback', 'feedback'],
  ];
  const target = row as unknown as Record<string, unknown>;
  for (const [key, column] of optional) if (r[column] !== null) target[key] = String(r[column]);
  if (r.opened_ts !== null) row.openedTs = Number(r.opened_ts);
  if (r.resolved_ts !== null) row.resolvedTs = Number(r.resolved_ts);
  if (r.duration_ms !== null) row.durationMs = Number(r.duration_ms);
  return row;
}
