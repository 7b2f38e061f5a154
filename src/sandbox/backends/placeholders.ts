import { type BigIntStats, lstatSync, mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createPrivateDir, refuseLink } from '../../store/index.js';
import { isAlive, processPart, selfToken } from '../process/liveness.js';

/**
 * Empty read-only directories that stand in for protected names that do not exist yet (`.envrc`,
 * `.npmrc`, `.vscode`, …) at the top of a writable root, so a sandboxed command cannot create them. bwrap
 * needs a mount point on the host to bind over, and only handrail may create it: the command's uid may not
 * be allowed to. Directories, not files, because git does not list empty directories and npm and yarn skip
 * a config "file" that is a directory, so `git status` stays clean while they exist.
 *
 * Shared by every command that needs one, in this process and in other handrail processes on the same
 * workspace (two MCP clients, `handrail call` beside `handrail serve`): a placeholder is removed only when
 * no command anywhere holds it, because a sandbox whose placeholder is removed from under it loses the
 * read-only mount (the kernel detaches a mount whose mount point is removed in another namespace) and its
 * command could then create the protected file. Within a process the holds are counted in memory; across
 * processes each process keeps a lease per placeholder in a small SQLite registry in the state directory
 * (`<stateDir>/sandbox/placeholders.db`), whose write lock orders creating, sharing and removing. A lease
 * names its process by pid and start time, so the leases of a process that was killed are ignored, and
 * the next process to open the registry removes the placeholders nobody living holds. Without a state
 * directory (the backend used on its own) the holds are counted in this process only.
 *
 * Removed as soon as the last holder ends (and only while still the empty directory handrail made), so
 * nothing is left behind after `runtime.close()`; what a process holds at exit is released by an exit hook.
 * Synchronous on purpose: no other command of this process can interleave between a check and a mkdir.
 */
interface Held {
  count: number;
  registry: Registry | undefined;
}

const held = new Map<string, Held>();

/** Whether a path is a placeholder this process holds: a scan must not mistake it for a real file. */
export function isPlaceholder(p: string): boolean {
  return held.has(p);
}

/**
 * Hold placeholders for protected names (absolute paths): create the missing ones, share those another
 * command (here or in another process) holds. Returns the paths now held; a path left out exists for real
 * (or cannot be made): the caller binds it read-only like any protected path.
 */
export function acquirePlaceholders(paths: readonly string[], stateDir?: string): string[] {
  const out: string[] = [];
  const fresh: string[] = [];
  for (const p of new Set(paths)) {
    const entry = held.get(p);
    if (entry) {
      entry.count++;
      out.push(p);
    } else fresh.push(p);
  }
  if (fresh.length === 0) return out;
  const registry = registryFor(stateDir);
  let taken: string[] | undefined;
  if (registry) {
    try {
      taken = registry.acquire(fresh);
    } catch {
      // The registry failed (locked for too long, disk full): hold them for this process at least.
    }
  }
  for (const p of taken ?? fresh.filter(makePlaceholder)) {
    held.set(p, { count: 1, registry: taken ? registry : undefined });
    out.push(p);
  }
  return out;
}

/** Undo `acquirePlaceholders`: a placeholder nobody holds any more is removed. */
export function releasePlaceholders(paths: readonly string[]): void {
  const last = new Map<Registry | undefined, string[]>();
  for (const p of paths) {
    const entry = held.get(p);
    if (!entry) continue;
    entry.count--;
    if (entry.count > 0) continue;
    held.delete(p);
    const list = last.get(entry.registry) ?? [];
    list.push(p);
    last.set(entry.registry, list);
  }
  for (const [registry, list] of last) {
    if (!registry) {
      for (const p of list) removeEmpty(p);
      continue;
    }
    try {
      registry.release(list);
    } catch {
      // Left for the next process that opens the registry (its sweep finds this process's leases dead).
    }
  }
}

/**
 * A predicate: is this path a placeholder some handrail process holds (in this process, or registered in
 * the state directory's registry and still the directory that was made)? The audit uses it so a placeholder
 * another process made during a command is not reported as something the command created.
 */
export function placeholderCheck(stateDir?: string): (p: string) => boolean {
  const registry = stateDir ? registries.get(stateDir) : undefined;
  return (p) => held.has(p) || (registry?.registered(p) ?? false);
}

/** Release everything this process holds (the exit hook; tests). */
export function releaseAllPlaceholders(): void {
  const all: string[] = [];
  for (const [p, entry] of held) for (let i = 0; i < entry.count; i++) all.push(p);
  releasePlaceholders(all);
}

/** The directory: created 0555, so even its owner must chmod it before writing into it. */
function makePlaceholder(p: string): boolean {
  try {
    mkdirSync(p, { mode: 0o555 });
    return true;
  } catch {
    return false;
  }
}

/** rmdir removes only an empty directory: whatever the host put in it meanwhile stays. */
function removeEmpty(p: string): void {
  try {
    rmdirSync(p);
  } catch {
    // not empty, or gone
  }
}

function inode(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}`;
}

function lstat(p: string): BigIntStats | undefined {
  try {
    return lstatSync(p, { bigint: true });
  } catch {
    return undefined;
  }
}

/** The cross-process registry of one state directory. */
class Registry {
  private readonly db: Database.Database;
  private readonly me = selfToken();
  private readonly statements: ReturnType<Registry['prepare']>;

  constructor(file: string) {
    this.db = new Database(file, { timeout: 10_000 });
    try {
      // WAL: a lease change never waits for a reader; NORMAL is crash-safe for the process, and a lost
      // lease after a power loss only leaves a placeholder for the next sweep.
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS placeholders (path TEXT PRIMARY KEY, inode TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS leases (path TEXT NOT NULL, holder TEXT NOT NULL, PRIMARY KEY (path, holder));
      `);
      this.statements = this.prepare();
      this.sweep();
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  private prepare() {
    const db = this.db;
    return {
      row: db.prepare<[string], { inode: string }>('SELECT inode FROM placeholders WHERE path = ?'),
      rows: db.prepare<[], { path: string; inode: string }>('SELECT path, inode FROM placeholders'),
      addRow: db.prepare('INSERT OR REPLACE INTO placeholders (path, inode) VALUES (?, ?)'),
      dropRow: db.prepare('DELETE FROM placeholders WHERE path = ?'),
      lease: db.prepare('INSERT OR IGNORE INTO leases (path, holder) VALUES (?, ?)'),
      unlease: db.prepare('DELETE FROM leases WHERE path = ? AND holder = ?'),
      dropLeases: db.prepare('DELETE FROM leases WHERE path = ?'),
      holders: db.prepare<[string], { holder: string }>('SELECT holder FROM leases WHERE path = ?'),
      allHolders: db.prepare<[], { holder: string }>('SELECT DISTINCT holder FROM leases'),
      dropHolder: db.prepare('DELETE FROM leases WHERE holder = ?'),
    };
  }

  /** BEGIN IMMEDIATE: the registry's write lock, held by one process at a time, released if it dies. */
  private locked<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  acquire(paths: readonly string[]): string[] {
    const made: string[] = [];
    try {
      return this.locked(() => {
        const taken: string[] = [];
        for (const p of paths) {
          const row = this.statements.row.get(p);
          const stat = lstat(p);
          if (row && stat?.isDirectory() && inode(stat) === row.inode) {
            this.statements.lease.run(p, this.me);
            taken.push(p);
            continue;
          }
          // A row for a directory that is gone or was replaced: forget it (and the leases on it).
          if (row) {
            this.statements.dropRow.run(p);
            this.statements.dropLeases.run(p);
          }
          if (stat || !makePlaceholder(p)) continue;
          made.push(p);
          const now = lstat(p);
          if (!now) continue;
          this.statements.addRow.run(p, inode(now));
          this.statements.lease.run(p, this.me);
          taken.push(p);
        }
        return taken;
      });
    } catch (error) {
      // Rolled back: what this call made is nobody's placeholder.
      for (const p of made) removeEmpty(p);
      throw error;
    }
  }

  release(paths: readonly string[]): void {
    this.locked(() => {
      for (const p of paths) {
        this.statements.unlease.run(p, this.me);
        let live = false;
        for (const { holder } of this.statements.holders.all(p)) {
          if (isAlive(processPart(holder))) live = true;
          else this.statements.unlease.run(p, holder);
        }
        if (!live) this.removeRow(p);
      }
    });
  }

  /** The leases of processes that are gone, and the placeholders only they held (the next start cleans). */
  sweep(): void {
    this.locked(() => {
      for (const { holder } of this.statements.allHolders.all()) {
        if (!isAlive(processPart(holder))) this.statements.dropHolder.run(holder);
      }
      for (const { path: p } of this.statements.rows.all()) {
        if (this.statements.holders.all(p).length === 0) this.removeRow(p);
      }
    });
  }

  registered(p: string): boolean {
    try {
      const row = this.statements.row.get(p);
      const stat = row ? lstat(p) : undefined;
      return !!row && !!stat?.isDirectory() && inode(stat) === row.inode;
    } catch {
      return false;
    }
  }

  /** Remove the placeholder if it is still the directory that was made, and forget it. */
  private removeRow(p: string): void {
    const row = this.statements.row.get(p);
    const stat = lstat(p);
    if (row && stat?.isDirectory() && inode(stat) === row.inode) removeEmpty(p);
    this.statements.dropRow.run(p);
    this.statements.dropLeases.run(p);
  }

  close(): void {
    this.db.close();
  }
}

/** One registry per state directory per process; null once it proved unusable. */
const registries = new Map<string, Registry | null>();

function registryFor(stateDir: string | undefined): Registry | undefined {
  if (!stateDir) return undefined;
  let registry = registries.get(stateDir);
  if (registry === undefined) {
    try {
      const dir = path.join(stateDir, 'sandbox');
      // A committed `.handrail/sandbox` (or its database) as a link must not put the registry where it points.
      createPrivateDir(dir, stateDir);
      const file = path.join(dir, 'placeholders.db');
      for (const suffix of ['', '-wal', '-shm', '-journal']) refuseLink(`${file}${suffix}`);
      registry = new Registry(file);
    } catch {
      registry = null;
    }
    registries.set(stateDir, registry);
  }
  return registry ?? undefined;
}

/**
 * Clean up after processes that died holding placeholders in this state directory (the next start does
 * this by itself when its first command runs; a runtime may call it earlier).
 */
export function sweepPlaceholders(stateDir: string): void {
  try {
    registryFor(stateDir)?.sweep();
  } catch {
    // next time
  }
}

process.once('exit', () => {
  releaseAllPlaceholders();
  for (const registry of registries.values()) registry?.close();
});
