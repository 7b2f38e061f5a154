/** Files a turn tracks at most; the oldest are forgotten first. */
const MAX_TRACKED = 10_000;
/**
 * The versions of files a turn has read or written, so an edit can refuse a file that changed on disk
 * since the model last saw it (another process, the user, a parallel turn) instead of silently
 * overwriting their change.
 */
export class FileVersions {
    seen = new Map();
    record(canonicalPath, stat) {
        this.seen.delete(canonicalPath);
        this.seen.set(canonicalPath, { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs });
        if (this.seen.size > MAX_TRACKED)
            this.seen.delete(this.seen.keys().next().value);
    }
    forget(canonicalPath) {
        this.seen.delete(canonicalPath);
    }
    /** Undefined when unchanged or never seen; otherwise what changed, in words. */
    changedSince(canonicalPath, now) {
        const before = this.seen.get(canonicalPath);
        if (!before)
            return undefined;
        if (!now)
            return 'it was deleted';
        if (now.ino !== before.ino)
            return 'it was replaced by another file';
        if (now.size !== before.size)
            return `its size changed from ${before.size} to ${now.size} bytes`;
        if (now.mtimeMs !== before.mtimeMs)
            return 'it was modified';
        return undefined;
    }
}
/**
 * Per-file mutual exclusion shared by every turn of a runtime: parallel edits of one file run one after
 * another, each on the result of the last, so no update is lost. Entries are removed when idle.
 */
export class FileLocks {
    tails = new Map();
    async withLock(canonicalPath, fn) {
        const previous = this.tails.get(canonicalPath) ?? Promise.resolve();
        let release;
        const mine = new Promise((resolve) => {
            release = resolve;
        });
        const tail = previous.then(() => mine);
        this.tails.set(canonicalPath, tail);
        await previous;
        try {
            return await fn();
        }
        finally {
            release();
            if (this.tails.get(canonicalPath) === tail)
                this.tails.delete(canonicalPath);
        }
    }
    /** Lock several paths in a fixed order (no deadlock between two multi-file patches). */
    async withLocks(canonicalPaths, fn) {
        const sorted = [...new Set(canonicalPaths)].sort();
        const run = (i) => i === sorted.length ? fn() : this.withLock(sorted[i], () => run(i + 1));
        return run(0);
    }
}
//# sourceMappingURL=file-versions.js.map