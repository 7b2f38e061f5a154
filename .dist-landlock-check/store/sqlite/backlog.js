const MIN_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 5_000;
/** The counters health() reports, and when a failing database is tried again. */
export class WriteHealth {
    written = 0;
    flushes = 0;
    errors = 0;
    dropped = 0;
    lastError;
    lastFlushTs;
    /** Writes are failing: events wait in the backlog until `retryAt`. */
    failing = false;
    retryAt = 0;
    backoffMs = MIN_BACKOFF_MS;
    /** Count a write attempt and tell the observers; when it failed, how long until the retry. */
    account(result, on) {
        if (result.dropped > 0)
            this.drop(result.dropped, result.rowError);
        if (result.written > 0) {
            this.committed(result.written, result.commits);
            try {
                on.onFlush?.({ written: result.written, lastSeq: result.lastSeq, lastId: result.lastId });
            }
            catch {
                // An observer's bug is not a write failure.
            }
        }
        if (!result.error)
            return undefined;
        const { first, retryInMs } = this.failed(result.error.message);
        if (first) {
            try {
                on.onError?.(Object.assign(new Error(result.error.message), { code: result.error.code }));
            }
            catch {
                // Ignored, like onFlush.
            }
        }
        return retryInMs;
    }
    committed(rows, commits) {
        this.written += rows;
        this.flushes += commits;
        this.lastFlushTs = Date.now();
        this.failing = false;
        this.backoffMs = MIN_BACKOFF_MS;
    }
    /** A failed attempt: counted, and the next one pushed back. True when it starts a failure streak. */
    failed(message) {
        this.errors++;
        this.lastError = message;
        const first = !this.failing;
        this.failing = true;
        const retryInMs = this.backoffMs;
        this.retryAt = Date.now() + retryInMs;
        this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
        return { first, retryInMs };
    }
    /** Rows given up (refused for their content: `error` says why; or trimmed from the backlog). */
    drop(rows, error) {
        this.dropped += rows;
        if (error !== undefined) {
            this.errors += rows;
            this.lastError = error;
        }
    }
    snapshot(queued) {
        const h = {
            ok: !this.failing,
            queued,
            written: this.written,
            flushes: this.flushes,
            errors: this.errors,
            dropped: this.dropped,
        };
        if (this.lastError !== undefined)
            h.lastError = this.lastError;
        if (this.lastFlushTs !== undefined)
            h.lastFlushTs = this.lastFlushTs;
        return h;
    }
}
/** The rows waiting to be written, with their payload bytes. */
export class RowQueue {
    rows = [];
    bytes = 0;
    get length() {
        return this.rows.length;
    }
    push(row) {
        this.rows.push(row);
        this.bytes += row.payload.length;
    }
    /** Everything queued, oldest first; the queue is left empty. */
    take() {
        const rows = this.rows;
        this.rows = [];
        this.bytes = 0;
        return rows;
    }
    /** Rows that were taken and not written go back in front, ahead of what was queued since. */
    putBack(rows) {
        if (rows.length === 0)
            return;
        this.rows = rows.concat(this.rows);
        for (const row of rows)
            this.bytes += row.payload.length;
    }
    /** Drop the oldest rows until at most `maxRows` (and `maxBytes`, keeping one) remain; how many went. */
    trim(maxRows, maxBytes) {
        let drop = 0;
        let bytes = this.bytes;
        while (drop < this.rows.length &&
            (this.rows.length - drop > maxRows || (bytes > maxBytes && this.rows.length - drop > 1))) {
            bytes -= this.rows[drop].payload.length;
            drop++;
        }
        if (drop > 0) {
            this.rows = this.rows.slice(drop);
            this.bytes = bytes;
        }
        return drop;
    }
}
//# sourceMappingURL=backlog.js.map