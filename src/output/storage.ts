// Full outputs spilled to files, so the model and the user can read back what the model's view left out.
import { type FileHandle, lstat, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createPrivateDir } from '../store/index.js';
import {
  capped,
  errorCode,
  type FileEntry,
  inventory,
  isContinuation,
  openSaved,
  removeSaved,
  safeId,
  writeNew,
} from './files.js';

/** Where an OutputStore writes and how much it keeps. */
export interface OutputStoreOptions {
  dir: string;
  /** The state folder `dir` is in: no folder from it down to `dir` may be a symbolic link. */
  within?: string;
  /** Files kept before the oldest are pruned (default 500). */
  maxFiles?: number;
  /** Bytes kept before the oldest files are pruned (default 512 MiB). */
  maxTotalBytes?: number;
  /** Bytes per file; text beyond is cut with a final line saying so (default 64 MiB). */
  maxFileBytes?: number;
}

/** A saved output: its absolute path and its size on disk. */
export interface SavedOutput {
  path: string;
  bytes: number;
}

/** Byte window for `OutputStore.read`; both in bytes, realigned to whole UTF-8 characters. */
export interface ReadWindow {
  offset?: number;
  length?: number;
}

/** Saves full outputs as `<dir>/<turnId>/<callId>.txt`, private to the user and pruned oldest first. */
export class OutputStore {
  /** Absolute directory the outputs live in. */
  readonly dir: string;
  private readonly maxFiles: number;
  private readonly maxTotalBytes: number;
  private readonly maxFileBytes: number;
  private ready: Promise<void> | undefined;
  private realDir: string | undefined;
  // Oldest first: files found on disk at first use (by mtime), then this store's writes in order.
  private entries: FileEntry[] = [];
  private totalBytes = 0;
  // Saves that have not returned yet: pruning must not delete a path before its caller sees it.
  private readonly inFlight = new Set<string>();
  private readonly within: string | undefined;

  constructor(opts: OutputStoreOptions) {
    this.dir = path.resolve(opts.dir);
    if (opts.within !== undefined) this.within = path.resolve(opts.within);
    this.maxFiles = opts.maxFiles ?? 500;
    this.maxTotalBytes = opts.maxTotalBytes ?? 512 * 1024 * 1024;
    this.maxFileBytes = opts.maxFileBytes ?? 64 * 1024 * 1024;
  }

  /** Writes `text` atomically to a new file for this call and prunes old outputs; never overwrites. */
  async save(turnId: string, callId: string, text: string): Promise<SavedOutput> {
    await this.init();
    const turn = safeId(turnId);
    const data = capped(text, this.maxFileBytes);
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    const name = await writeNew(await this.storePath(), turn, safeId(callId), data);
    const file = path.join(this.dir, turn, name);
    this.entries.push({ path: file, bytes });
    this.totalBytes += bytes;
    this.inFlight.add(file);
    try {
      await this.prune();
    } finally {
      this.inFlight.delete(file);
    }
    return { path: file, bytes };
  }

  /**
   * Reads a saved output back, `opts` being a byte window. Relative paths resolve against `dir`; anything
   * outside `dir`, through a symbolic link, or not a regular file is refused with an Error.
   */
  async read(file: string, opts: ReadWindow = {}): Promise<string> {
    const offset = opts.offset ?? 0;
    if (!Number.isSafeInteger(offset) || offset < 0) throw new Error('offset must be a non-negative integer');
    if (opts.length !== undefined && (!Number.isSafeInteger(opts.length) || opts.length < 0)) {
      throw new Error('length must be a non-negative integer');
    }
    const { real, names } = await this.resolveInside(file);
    let handle: FileHandle;
    try {
      // Opened folder by folder inside the store, so a folder swapped for a link after the checks above
      // cannot send the read elsewhere.
      handle = await openSaved(real, names);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'ELOOP' || code === 'EMLINK') {
        throw new Error(`refusing to read ${file}: it is a symbolic link`);
      }
      if (code === 'EHANDRAILRACE') {
        throw new Error(`refusing to read ${file}: a folder on the way is a symbolic link or was moved`);
      }
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new Error(`no saved output at ${file}`);
      throw err;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new Error(`refusing to read ${file}: not a regular file`);
      const start = Math.min(offset, stat.size);
      const end = opts.length === undefined ? stat.size : Math.min(stat.size, start + opts.length);
      // Read up to 3 bytes more so a character straddling the end is finished here, not lost.
      const buf = Buffer.alloc(Math.min(stat.size, end + 3) - start);
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await handle.read(buf, got, buf.length - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      // A character straddling the start belongs to the previous window.
      let from = 0;
      if (start > 0) while (from < 3 && from < got && isContinuation(buf[from]!)) from++;
      let to = Math.min(end - start, got);
      while (to < got && isContinuation(buf[to]!)) to++;
      return buf.toString('utf8', from, Math.max(from, to));
    } finally {
      await handle.close();
    }
  }

  private init(): Promise<void> {
    this.ready ??= this.setup().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private async setup(): Promise<void> {
    // The state directory too, when this creates it (with its own .gitignore: the audit database is there).
    createPrivateDir(this.dir, this.within);
    // Outputs can hold secrets and noise; keep them out of the user's git from the first write.
    try {
      await writeFile(path.join(this.dir, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
    }
    this.realDir = await realpath(this.dir);
    const found = await inventory(this.dir);
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const f of found) {
      this.entries.push({ path: f.path, bytes: f.bytes });
      this.totalBytes += f.bytes;
    }
  }

  /** Deletes the oldest outputs until within maxFiles and maxTotalBytes. */
  private async prune(): Promise<void> {
    // Choose victims synchronously so concurrent saves never pick the same file or double-count.
    let excessFiles = this.entries.length - this.maxFiles;
    let excessBytes = this.totalBytes - this.maxTotalBytes;
    if (excessFiles <= 0 && excessBytes <= 0) return;
    const newest = this.entries.length - 1;
    const kept: FileEntry[] = [];
    const victims: FileEntry[] = [];
    for (const [i, entry] of this.entries.entries()) {
      // The newest file and unreturned saves stay, even over budget.
      if ((excessFiles > 0 || excessBytes > 0) && i !== newest && !this.inFlight.has(entry.path)) {
        victims.push(entry);
        excessFiles--;
        excessBytes -= entry.bytes;
        this.totalBytes -= entry.bytes;
      } else {
        kept.push(entry);
      }
    }
    this.entries = kept;
    const store = await this.storePath();
    for (const victim of victims) {
      const [turn, name, ...deeper] = path.relative(this.dir, victim.path).split(path.sep);
      if (turn && name && deeper.length === 0) await removeSaved(store, turn, name);
    }
  }

  /** The store directory's real path, as found when it was set up. */
  private async storePath(): Promise<string> {
    const real = await this.resolveRealDir();
    if (real === undefined) throw new Error(`the output directory ${this.dir} does not exist`);
    return real;
  }

  /** Maps a caller's path to the real store directory and the names below it, or throws. */
  private async resolveInside(file: string): Promise<{ real: string; names: string[] }> {
    if (typeof file !== 'string' || file === '' || file.includes('\0')) {
      throw new Error('output path must be a non-empty string without NUL');
    }
    const absolute = path.resolve(this.dir, file);
    const real = await this.resolveRealDir();
    const rel =
      relativeInside(this.dir, absolute) ?? (real === undefined ? undefined : relativeInside(real, absolute));
    if (rel === undefined) {
      throw new Error(`refusing to read ${file}: it is outside the output directory ${this.dir}`);
    }
    if (real === undefined) throw new Error(`no saved output at ${file}`);
    // Every folder between the store and the file must be a real folder, not a link leading elsewhere.
    const parts = rel.split(path.sep);
    let current = real;
    for (const part of parts.slice(0, -1)) {
      current = path.join(current, part);
      const stat = await lstat(current).catch((err: unknown) => {
        if (errorCode(err) === 'ENOENT') throw new Error(`no saved output at ${file}`);
        throw err;
      });
      if (stat.isSymbolicLink()) throw new Error(`refusing to read ${file}: ${part} is a symbolic link`);
      if (!stat.isDirectory()) throw new Error(`no saved output at ${file}`);
    }
    return { real, names: parts };
  }

  /** The store directory with links resolved, or undefined while it does not exist. */
  private async resolveRealDir(): Promise<string | undefined> {
    if (this.realDir === undefined) {
      try {
        this.realDir = await realpath(this.dir);
      } catch (err) {
        if (errorCode(err) === 'ENOENT') return undefined;
        throw err;
      }
    }
    return this.realDir;
  }
}

/** Whether `absolute` lies strictly inside `base`; returns the relative path if so. */
function relativeInside(base: string, absolute: string): string | undefined {
  const rel = path.relative(base, absolute);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  return rel;
}
