// The in-memory store for tests and short-lived runtimes: the same interface and row logic as SQLite, in
// bounded structures (a ring of events; threads, turns, approvals and outputs capped, oldest evicted).
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_PAYLOAD_BYTES, toRow } from './rows.js';
import { queryLimit, } from './types.js';
export class MemoryStore {
    session = randomUUID();
    max;
    maxPayloadBytes;
    ring = [];
    nextId = 0;
    evicted = 0;
    threadRows = new Map();
    turnRows = new Map();
    approvalRows = new Map();
    outputRows = [];
    closed = false;
    constructor(opts = {}) {
        this.max = Math.max(1, opts.maxEvents ?? 10_000);
        this.maxPayloadBytes = opts.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    }
    record(event) {
        if (this.closed)
            return;
        // Serialized like SQLite does, so a test sees what a real store would keep (and later mutation of the
        // payload object does not rewrite history).
        const row = toRow(event, this.session, this.maxPayloadBytes);
        this.ring.push({ id: ++this.nextId, row });
        if (this.ring.length > this.max) {
            this.ring.shift();
            this.evicted++;
        }
        this.apply(row);
    }
    async flush() { }
    flushSync() { }
    async close() {
        this.closed = true;
    }
    health() {
        return { ok: true, queued: 0, written: this.nextId, flushes: 0, errors: 0, dropped: this.evicted };
    }
    async threads(opts = {}) {
        const rows = [...this.threadRows.values()].map((t) => ({
            ...t,
            turns: [...this.turnRows.values()].filter((u) => u.threadId === t.id).length,
        }));
        return rows.sort((a, b) => a.lastTs - b.lastTs).slice(-queryLimit(opts.limit));
    }
    async turns(opts = {}) {
        const rows = [...this.turnRows.values()].filter((t) => opts.threadId === undefined || t.threadId === opts.threadId);
        return rows
            .sort((a, b) => a.startedTs - b.startedTs)
            .slice(-queryLimit(opts.limit))
            .map((t) => ({ ...t }));
    }
    async events(q = {}) {
        const out = [];
        const limit = queryLimit(q.limit);
        for (const { id, row } of this.ring) {
            if (q.threadId !== undefined && row.threadId !== q.threadId)
                continue;
            if (q.turnId !== undefined && row.turnId !== q.turnId)
                continue;
            if (q.callId !== undefined && row.callId !== q.callId)
                continue;
            if (q.afterId !== undefined && id <= q.afterId)
                continue;
            if (q.afterSeq !== undefined && row.seq <= q.afterSeq)
                continue;
            if (q.session !== undefined && row.session !== q.session)
                continue;
            if (q.types && q.types.length > 0 && !q.types.includes(row.type))
                continue;
            const event = {
                id,
                session: row.session,
                seq: row.seq,
                ts: row.ts,
                type: row.type,
                threadId: row.threadId,
                turnId: row.turnId,
                payload: JSON.parse(row.payload),
            };
            if (row.callId !== null)
                event.callId = row.callId;
            out.push(event);
            if (out.length >= limit)
                break;
        }
        return out;
    }
    async approvals(q = {}) {
        return [...this.approvalRows.values()]
            .filter((a) => (q.threadId === undefined || a.threadId === q.threadId) &&
            (q.turnId === undefined || a.turnId === q.turnId) &&
            (q.pending === undefined || (a.resolvedTs === undefined) === q.pending))
            .slice(0, queryLimit(q.limit))
            .map((a) => ({ ...a }));
    }
    async outputs(q = {}) {
        return this.outputRows
            .filter((o) => (q.threadId === undefined || o.threadId === q.threadId) &&
            (q.turnId === undefined || o.turnId === q.turnId) &&
            (q.callId === undefined || o.callId === q.callId))
            .map((o) => ({ ...o }));
    }
    apply(row) {
        const thread = this.threadRows.get(row.threadId);
        if (thread) {
            thread.firstTs = Math.min(thread.firstTs, row.ts);
            thread.lastTs = Math.max(thread.lastTs, row.ts);
        }
        else
            capped(this.threadRows, row.threadId, { id: row.threadId, firstTs: row.ts, lastTs: row.ts, turns: 0 }, this.max);
        const key = `${row.threadId}\u0000${row.turnId}`;
        let turn = this.turnRows.get(key);
        if (turn) {
            turn.startedTs = Math.min(turn.startedTs, row.ts);
            turn.lastTs = Math.max(turn.lastTs, row.ts);
        }
        else {
            turn = { id: row.turnId, threadId: row.threadId, startedTs: row.ts, lastTs: row.ts };
            capped(this.turnRows, key, turn, this.max);
        }
        if (row.turnStarted)
            turn.startedTs = row.ts;
        if (row.turnEnded) {
            turn.endedTs = row.ts;
            if (row.turnEnded.calls !== null)
                turn.calls = row.turnEnded.calls;
        }
        if (row.output) {
            const output = { threadId: row.threadId, turnId: row.turnId, ...row.output, ts: row.ts };
            if (row.callId !== null)
                output.callId = row.callId;
            this.outputRows.push(output);
            if (this.outputRows.length > this.max)
                this.outputRows.shift();
        }
        const fields = row.approvalOpened ?? row.approvalResolved;
        if (!fields)
            return;
        let approval = this.approvalRows.get(fields.requestId);
        if (!approval) {
            approval = { requestId: fields.requestId, threadId: row.threadId, turnId: row.turnId };
            capped(this.approvalRows, fields.requestId, approval, this.max);
        }
        const set = (key, value) => {
            if (value !== null)
                approval[key] = value;
        };
        if (row.callId !== null)
            approval.callId = row.callId;
        set('requestKey', fields.requestKey);
        if (row.approvalOpened) {
            approval.openedTs = row.ts;
            for (const key of ['tool', 'action', 'summary', 'rule', 'suggestedRule'])
                set(key, fields[key]);
        }
        else {
            approval.resolvedTs = row.ts;
            for (const key of ['decision', 'decidedBy', 'feedback', 'durationMs'])
                set(key, fields[key]);
        }
    }
}
function capped(map, key, value, max) {
    map.set(key, value);
    if (map.size > max)
        map.delete(map.keys().next().value);
}
//# sourceMappingURL=memory-store.js.map