// Opening the database file and classifying its failures: the parts of the SQLite store that touch the OS.
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './schema.js';
import { createPrivateDir } from './state-dir.js';

/** Create (0600, parents 0700), configure and migrate the database; the connection is closed on failure. */
export function openDatabase(file: string, busyTimeoutMs: number): Database.Database {
  // The state directory, when this creates it: 0700 with a .gitignore, so `git add -A` never takes the log.
  createPrivateDir(path.dirname(file));
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
export function isTransient(error: unknown): boolean {
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

// Store timers are unref'd so a store never keeps a process alive; what is queued at a normal exit is
// written here, by one process-wide hook rather than a listener per store.
const openStores = new Set<{ flushSync(): void }>();
let exitHooked = false;

export function flushOnExit(store: { flushSync(): void }): () => void {
  openStores.add(store);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const open of openStores) open.flushSync();
    });
  }
  return () => openStores.delete(store);
}
