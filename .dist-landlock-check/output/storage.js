// Full outputs spilled to files, so the model and the user can read back what the model's view left out.
import { constants } from 'node:fs';
import { lstat, open, realpath, rmdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createPrivateDir } from '../store/index.js';
import { capped, errorCode, ignore, inventory, isContinuation, safeId, writeNew, } from './files.js';
/** Saves full outputs as `<dir>/<turnId>/<callId>.txt`, private to the user and pruned oldest first. */
export class OutputStore {
    /** Absolute directory the outputs live in. */
    dir;
    maxFiles;
    maxTotalBytes;
    maxFileBytes;
    ready;
    realDir;
    // Oldest first: files found on disk at first use (by mtime), then this store's writes in order.
    entries = [];
    totalBytes = 0;
    // Saves that have not returned yet: pruning must not delete a path before its caller sees it.
    inFlight = new Set();
    constructor(opts) {
        this.dir = path.resolve(opts.dir);
        this.maxFiles = opts.maxFiles ?? 500;
        this.maxTotalBytes = opts.maxTotalBytes ?? 512 * 1024 * 1024;
        this.maxFileBytes = opts.maxFileBytes ?? 64 * 1024 * 1024;
    }
    /** Writes `text` atomically to a new file for this call and prunes old outputs; never overwrites. */
    async save(turnId, callId, text) {
        await this.init();
        const turnDir = path.join(this.dir, safeId(turnId));
        const data = capped(text, this.maxFileBytes);
        const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
        const file = await writeNew(turnDir, safeId(callId), data);
        this.entries.push({ path: file, bytes });
        this.totalBytes += bytes;
        this.inFlight.add(file);
        try {
            await this.prune();
        }
        finally {
            this.inFlight.delete(file);
        }
        return { path: file, bytes };
    }
    /**
     * Reads a saved output back, `opts` being a byte window. Relative paths resolve against `dir`; anything
     * outside `dir`, through a symbolic link, or not a regular file is refused with an Error.
     */
    async read(file, opts = {}) {
        const offset = opts.offset ?? 0;
        if (!Number.isSafeInteger(offset) || offset < 0)
            throw new Error('offset must be a non-negative integer');
        if (opts.length !== undefined && (!Number.isSafeInteger(opts.length) || opts.length < 0)) {
            throw new Error('length must be a non-negative integer');
        }
        const target = await this.resolveInside(file);
        let handle;
        try {
            // O_NOFOLLOW refuses a link as the last component; O_NONBLOCK keeps a planted FIFO from hanging us.
            handle = await open(target, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
        }
        catch (err) {
            const code = errorCode(err);
            if (code === 'ELOOP' || code === 'EMLINK') {
                throw new Error(`refusing to read ${file}: it is a symbolic link`);
            }
            if (code === 'ENOENT')
                throw new Error(`no saved output at ${file}`);
            throw err;
        }
        try {
            const stat = await handle.stat();
            if (!stat.isFile())
                throw new Error(`refusing to read ${file}: not a regular file`);
            const start = Math.min(offset, stat.size);
            const end = opts.length === undefined ? stat.size : Math.min(stat.size, start + opts.length);
            // Read up to 3 bytes more so a character straddling the end is finished here, not lost.
            const buf = Buffer.alloc(Math.min(stat.size, end + 3) - start);
            let got = 0;
            while (got < buf.length) {
                const { bytesRead } = await handle.read(buf, got, buf.length - got, start + got);
                if (bytesRead === 0)
                    break;
                got += bytesRead;
            }
            // A character straddling the start belongs to the previous window.
            let from = 0;
            if (start > 0)
                while (from < 3 && from < got && isContinuation(buf[from]))
                    from++;
            let to = Math.min(end - start, got);
            while (to < got && isContinuation(buf[to]))
                to++;
            return buf.toString('utf8', from, Math.max(from, to));
        }
        finally {
            await handle.close();
        }
    }
    init() {
        this.ready ??= this.setup().catch((err) => {
            this.ready = undefined;
            throw err;
        });
        return this.ready;
    }
    async setup() {
        // The state directory too, when this creates it (with its own .gitignore: the audit database is there).
        createPrivateDir(this.dir);
        // Outputs can hold secrets and noise; keep them out of the user's git from the first write.
        try {
            await writeFile(path.join(this.dir, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 });
        }
        catch (err) {
            if (errorCode(err) !== 'EEXIST')
                throw err;
        }
        const found = await inventory(this.dir);
        found.sort((a, b) => a.mtimeMs - b.mtimeMs);
        for (const f of found) {
            this.entries.push({ path: f.path, bytes: f.bytes });
            this.totalBytes += f.bytes;
        }
    }
    /** Deletes the oldest outputs until within maxFiles and maxTotalBytes. */
    async prune() {
        // Choose victims synchronously so concurrent saves never pick the same file or double-count.
        let excessFiles = this.entries.length - this.maxFiles;
        let excessBytes = this.totalBytes - this.maxTotalBytes;
        if (excessFiles <= 0 && excessBytes <= 0)
            return;
        const newest = this.entries.length - 1;
        const kept = [];
        const victims = [];
        for (const [i, entry] of this.entries.entries()) {
            // The newest file and unreturned saves stay, even over budget.
            if ((excessFiles > 0 || excessBytes > 0) && i !== newest && !this.inFlight.has(entry.path)) {
                victims.push(entry);
                excessFiles--;
                excessBytes -= entry.bytes;
                this.totalBytes -= entry.bytes;
            }
            else {
                kept.push(entry);
            }
        }
        this.entries = kept;
        for (const victim of victims) {
            await unlink(victim.path).catch(ignore('ENOENT'));
            const parent = path.dirname(victim.path);
            // Remove the turn folder once empty; fails harmlessly while it still has files.
            if (parent !== this.dir)
                await rmdir(parent).catch(() => { });
        }
    }
    /** Maps a caller's path to a file under the real store directory, or throws. */
    async resolveInside(file) {
        if (typeof file !== 'string' || file === '' || file.includes('\0')) {
            throw new Error('output path must be a non-empty string without NUL');
        }
        const absolute = path.resolve(this.dir, file);
        const real = await this.resolveRealDir();
        const rel = relativeInside(this.dir, absolute) ?? (real === undefined ? undefined : relativeInside(real, absolute));
        if (rel === undefined) {
            throw new Error(`refusing to read ${file}: it is outside the output directory ${this.dir}`);
        }
        if (real === undefined)
            throw new Error(`no saved output at ${file}`);
        // Every folder between the store and the file must be a real folder, not a link leading elsewhere.
        const parts = rel.split(path.sep);
        let current = real;
        for (const part of parts.slice(0, -1)) {
            current = path.join(current, part);
            const stat = await lstat(current).catch((err) => {
                if (errorCode(err) === 'ENOENT')
                    throw new Error(`no saved output at ${file}`);
                throw err;
            });
            if (stat.isSymbolicLink())
                throw new Error(`refusing to read ${file}: ${part} is a symbolic link`);
            if (!stat.isDirectory())
                throw new Error(`no saved output at ${file}`);
        }
        return path.join(current, parts[parts.length - 1]);
    }
    /** The store directory with links resolved, or undefined while it does not exist. */
    async resolveRealDir() {
        if (this.realDir === undefined) {
            try {
                this.realDir = await realpath(this.dir);
            }
            catch (err) {
                if (errorCode(err) === 'ENOENT')
                    return undefined;
                throw err;
            }
        }
        return this.realDir;
    }
}
/** Whether `absolute` lies strictly inside `base`; returns the relative path if so. */
function relativeInside(base, absolute) {
    const rel = path.relative(base, absolute);
    if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
        return undefined;
    return rel;
}
//# sourceMappingURL=storage.js.map