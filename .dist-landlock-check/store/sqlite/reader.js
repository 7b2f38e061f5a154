// Read side of the SQLite store: the queries `handrail log` and a console need, on the store's own connection
// (after a flush) or on a read-only one opened by another process (the log command while a runtime runs),
// which never creates, migrates or locks the file.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { queryLimit, } from '../types.js';
import { newerSchemaError, SCHEMA_VERSION, schemaVersion } from './schema.js';
export class NoDatabaseError extends Error {
    path;
    constructor(path) {
        super(`No handrail database at ${path}`);
        this.path = path;
        this.name = 'NoDatabaseError';
    }
}
/** Open a database for reading; a missing file is a NoDatabaseError, an empty or newer one an error. */
export function openReader(file, opts = {}) {
    if (!existsSync(file))
        throw new NoDatabaseError(file);
    const db = new Database(file, {
        readonly: true,
        fileMustExist: true,
        timeout: opts.busyTimeoutMs ?? 2_000,
    });
    try {
        const version = schemaVersion(db);
        if (version === 0)
            throw new NoDatabaseError(file);
        if (version > SCHEMA_VERSION)
            throw newerSchemaError(version, SCHEMA_VERSION);
    }
    catch (error) {
        db.close();
        throw error;
    }
    return { path: file, queries: new SqliteQueries(db), close: () => db.close() };
}
export class SqliteQueries {
    db;
    constructor(db) {
        this.db = db;
    }
    threads(opts = {}) {
        // The most recent threads, shown oldest first like a timeline.
        const rows = this.db
            .prepare(`SELECT t.id, t.first_ts, t.last_ts, (SELECT count(*) FROM turns u WHERE u.thread_id = t.id) AS turns
         FROM threads t ORDER BY t.last_ts DESC, t.rowid DESC LIMIT ?`)
            .all(queryLimit(opts.limit));
        return rows.reverse().map((r) => ({
            id: String(r.id),
            firstTs: Number(r.first_ts),
            lastTs: Number(r.last_ts),
            turns: Number(r.turns),
        }));
    }
    turns(opts = {}) {
        const where = opts.threadId === undefined ? '' : 'WHERE thread_id = ?';
        const params = opts.threadId === undefined ? [] : [opts.threadId];
        const rows = this.db
            .prepare(`SELECT * FROM turns ${where} ORDER BY started_ts DESC, rowid DESC LIMIT ?`)
            .all(...params, queryLimit(opts.limit));
        return rows.reverse().map((r) => {
            const turn = {
                id: String(r.id),
                threadId: String(r.thread_id),
                startedTs: Number(r.started_ts),
                lastTs: Number(r.last_ts),
            };
            if (r.ended_ts !== null)
                turn.endedTs = Number(r.ended_ts);
            if (r.calls !== null)
                turn.calls = Number(r.calls);
            return turn;
        });
    }
    events(q = {}) {
        const clauses = [];
        const params = [];
        const add = (clause, value) => {
            clauses.push(clause);
            params.push(value);
        };
        if (q.threadId !== undefined)
            add('thread_id = ?', q.threadId);
        if (q.turnId !== undefined)
            add('turn_id = ?', q.turnId);
        if (q.callId !== undefined)
            add('call_id = ?', q.callId);
        if (q.afterId !== undefined)
            add('id > ?', q.afterId);
        if (q.afterSeq !== undefined)
            add('seq > ?', q.afterSeq);
        if (q.session !== undefined)
            add('session = ?', q.session);
        if (q.types && q.types.length > 0) {
            clauses.push(`type IN (${q.types.map(() => '?').join(', ')})`);
            params.push(...q.types);
        }
        const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
        const rows = this.db
            .prepare(`SELECT * FROM events ${where} ORDER BY id LIMIT ?`)
            .all(...params, queryLimit(q.limit));
        return rows.map(toEvent);
    }
    /** The id of the newest event (0 when empty): where `--follow` starts when it shows no history. */
    lastEventId() {
        const row = this.db.prepare('SELECT max(id) AS id FROM events').get();
        return row.id ?? 0;
    }
    approvals(q = {}) {
        const clauses = [];
        const params = [];
        if (q.threadId !== undefined) {
            clauses.push('thread_id = ?');
            params.push(q.threadId);
        }
        if (q.turnId !== undefined) {
            clauses.push('turn_id = ?');
            params.push(q.turnId);
        }
        if (q.pending === true)
            clauses.push('resolved_ts IS NULL');
        if (q.pending === false)
            clauses.push('resolved_ts IS NOT NULL');
        const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
        const rows = this.db
            .prepare(`SELECT * FROM approvals ${where} ORDER BY coalesce(opened_ts, resolved_ts), rowid LIMIT ?`)
            .all(...params, queryLimit(q.limit));
        return rows.map(toApproval);
    }
    outputs(q = {}) {
        const clauses = [];
        const params = [];
        for (const [column, value] of [
            ['thread_id', q.threadId],
            ['turn_id', q.turnId],
            ['call_id', q.callId],
        ]) {
            if (value === undefined)
                continue;
            clauses.push(`${column} = ?`);
            params.push(value);
        }
        const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
        const rows = this.db.prepare(`SELECT * FROM outputs ${where} ORDER BY id`).all(...params);
        return rows.map((r) => {
            const out = {
                threadId: String(r.thread_id),
                turnId: String(r.turn_id),
                path: String(r.path),
                bytes: Number(r.bytes),
                ts: Number(r.ts),
            };
            if (r.call_id !== null)
                out.callId = String(r.call_id);
            return out;
        });
    }
}
function toEvent(r) {
    let payload;
    try {
        const parsed = JSON.parse(String(r.payload));
        payload =
            typeof parsed === 'object' && parsed !== null ? parsed : { value: parsed };
    }
    catch {
        payload = { unparsable: String(r.payload).slice(0, 200) };
    }
    const event = {
        id: Number(r.id),
        session: String(r.session),
        seq: Number(r.seq),
        ts: Number(r.ts),
        type: String(r.type),
        threadId: String(r.thread_id),
        turnId: String(r.turn_id),
        payload,
    };
    if (r.call_id !== null)
        event.callId = String(r.call_id);
    return event;
}
function toApproval(r) {
    const row = {
        requestId: String(r.request_id),
        threadId: String(r.thread_id),
        turnId: String(r.turn_id),
    };
    const optional = [
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
    const target = row;
    for (const [key, column] of optional)
        if (r[column] !== null)
            target[key] = String(r[column]);
    if (r.opened_ts !== null)
        row.openedTs = Number(r.opened_ts);
    if (r.resolved_ts !== null)
        row.resolvedTs = Number(r.resolved_ts);
    if (r.duration_ms !== null)
        row.durationMs = Number(r.duration_ms);
    return row;
}
//# sourceMappingURL=reader.js.map