// The embedded default store: one SQLite file in WAL mode, written in batches off the call path. record()
// only serializes and queues; a timer writes the queue in one transaction every flushIntervalMs, or on the
// next macrotask once batchSize events wait, on this thread (writer.ts says why not on a worker thread).
// Memory stays bounded: a full queue (maxQueue events or maxQueueBytes) is written synchronously, and while
// writes fail the queue is kept as a backlog, retried with backoff, and trimmed oldest-first to maxBacklog.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_MAX_PAYLOAD_BYTES, toRow } from '../rows.js';
import { RowQueue, WriteHealth } from './backlog.js';
import { SqliteQueries } from './reader.js';
import { openDatabase, SqliteWriter, writeRows } from './writer.js';
function settings(options) {
    const maxQueue = options.maxQueue ?? 10_000;
    return {
        maxQueue,
        maxQueueBytes: options.maxQueueBytes ?? 8 * 1024 * 1024,
        batchSize: Math.min(options.batchSize ?? 512, maxQueue),
        flushIntervalMs: options.flushIntervalMs ?? 20,
        maxBacklog: Math.max(options.maxBacklog ?? 100_000, maxQueue),
        maxBacklogBytes: options.maxBacklogBytes ?? 64 * 1024 * 1024,
        busyTimeoutMs: options.busyTimeoutMs ?? 2_000,
        maxPayloadBytes: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
    };
}
export class SqliteStore {
    options;
    path;
    /** This writer's id in the `session` column. */
    session = randomUUID();
    o;
    health_ = new WriteHealth();
    queue = new RowQueue();
    db;
    writer;
    reader;
    timer;
    timerDue = 0;
    closed = false;
    closing;
    untrack;
    constructor(options) {
        this.options = options;
        this.path = path.resolve(options.path);
        this.o = settings(options);
        this.untrack = flushOnExit(this);
    }
    record(event) {
        if (this.closed) {
            this.health_.drop(1);
            return;
        }
        this.queue.push(toRow(event, this.session, this.o.maxPayloadBytes));
        if (this.queue.length >= this.o.maxQueue || this.queue.bytes >= this.o.maxQueueBytes) {
            // Full: write now rather than grow. While the database fails, keep a bounded backlog instead of
            // blocking every record() on a retry.
            if (!this.health_.failing || Date.now() >= this.health_.retryAt)
                this.flushSync();
            this.trimBacklog();
        }
        else if (this.queue.length >= this.o.batchSize)
            this.schedule(0);
        else
            this.schedule(this.o.flushIntervalMs);
    }
    /** Resolves once everything recorded before the call was committed (or its attempt failed: see health()). */
    async flush() {
        this.flushSync();
    }
    /** Write everything recorded, now, before returning. Never throws: a failure is counted and retried later. */
    flushSync() {
        this.cancelTimer();
        if (this.queue.length === 0)
            return;
        const rows = this.queue.take();
        this.settle(rows, writeRows(() => this.open(), rows));
    }
    close() {
        this.closing ??= this.shutdown();
        return this.closing;
    }
    health() {
        return this.health_.snapshot(this.queue.length);
    }
    /**
     * @deprecated Always `{ mode: 'inline', thread: false, inFlight: 0, claimed: false }`: the store writes on
     * the calling thread since the worker-thread writer was removed (see bench/store.js).
     */
    writerState() {
        return { mode: 'inline', thread: false, inFlight: 0, claimed: false };
    }
    async threads(opts) {
        return this.read().threads(opts);
    }
    async turns(opts) {
        return this.read().turns(opts);
    }
    async events(opts) {
        return this.read().events(opts);
    }
    async approvals(opts) {
        return this.read().approvals(opts);
    }
    async outputs(opts) {
        return this.read().outputs(opts);
    }
    /** Queries see what was recorded before them. */
    read() {
        if (this.closed)
            throw new Error('This handrail store is closed.');
        this.flushSync();
        this.open();
        return this.reader;
    }
    /** One connection for writing and the queries, opened on first use (and again after a failed open). */
    open() {
        if (this.writer)
            return this.writer;
        const db = openDatabase(this.path, this.o.busyTimeoutMs);
        this.writer = new SqliteWriter(db);
        this.reader = new SqliteQueries(db);
        this.db = db;
        return this.writer;
    }
    async shutdown() {
        // From here record() drops (and counts); what was recorded before gets its attempt.
        this.closed = true;
        this.flushSync();
        this.untrack();
        // What a failing database never took is lost now: say so in the counters.
        this.health_.drop(this.queue.take().length);
        try {
            this.db?.close();
        }
        catch {
            // Closing a database whose file vanished: nothing left to do.
        }
        this.db = undefined;
    }
    /** Count what a write attempt did; rows it did not settle go back in front of the queue for a retry. */
    settle(rows, result) {
        const retryInMs = this.health_.account(result, this.options);
        if (retryInMs === undefined)
            return;
        this.queue.putBack(rows.slice(result.settled));
        this.trimBacklog();
        this.schedule(retryInMs);
    }
    trimBacklog() {
        this.health_.drop(this.queue.trim(this.o.maxBacklog, this.o.maxBacklogBytes));
    }
    schedule(ms) {
        if (this.closed)
            return;
        const now = Date.now();
        if (this.health_.failing)
            ms = Math.max(ms, this.health_.retryAt - now);
        // Keep a timer that fires no later than asked: re-arming on every record would push it back forever.
        if (this.timer) {
            if (this.timerDue <= now + ms)
                return;
            this.cancelTimer();
        }
        this.timerDue = now + ms;
        this.timer = setTimeout(this.onTimer, ms);
        this.timer.unref?.();
    }
    onTimer = () => {
        this.timer = undefined;
        this.flushSync();
    };
    cancelTimer() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = undefined;
    }
}
// Store timers are unref'd so a store never keeps a process alive; what is queued at a normal exit is
// written here, by one process-wide hook rather than a listener per store.
const openStores = new Set();
let exitHooked = false;
function flushOnExit(store) {
    openStores.add(store);
    if (!exitHooked) {
        exitHooked = true;
        process.once('exit', () => {
            for (const open of openStores)
                open.flushSync();
        });
    }
    return () => openStores.delete(store);
}
//# sourceMappingURL=store.js.map