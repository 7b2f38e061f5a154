import { type BigIntStats, statSync } from 'node:fs';

/**
 * What the policy walk (scan.ts) found in each directory, kept for the next walk with the same rules: a
 * directory whose entries have not changed gives the same result, so only the directories that changed
 * since are read again. Each command walks the roots twice (before, and for the audit after), and most of a
 * workspace does not change between two commands.
 *
 * A directory's entries cannot change without its change time (ctime) changing: creating, removing or
 * renaming an entry updates it, and no program can set it (utimes sets mtime, and moves ctime to now). So
 * a directory is reused only when device, inode, ctime, mtime, size and link count are what they were when
 * it was read. File systems stamp times from a coarse clock, so a change in the same tick as the read
 * could leave the stamp as it was: a directory that changed within TRUST_AFTER_MS of its read is not
 * trusted and is read again next time (as git treats a racily clean index).
 */

/** A directory's stamp, and whether a later change is sure to show in it. */
export interface DirStamp {
  key: string;
  /** Stamped at least TRUST_AFTER_MS after its last change: a later change will show in the stamp. */
  settled: boolean;
}

const TRUST_AFTER_MS = 1000n;
/** Directories remembered per set of rules (beyond it, the deeper ones are read each time). */
const MAX_DIRS = 50_000;
/** Sets of rules remembered (a process serves few workspaces, each walked with two sets). */
const MAX_CONFIGS = 8;

/** The stamp of a directory (following a symbolic link, as reading it does), or undefined. */
export function dirStamp(dir: string): DirStamp | undefined {
  const now = BigInt(Date.now()) * 1_000_000n;
  let stat: BigIntStats | undefined;
  try {
    stat = statSync(dir, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (!stat) return undefined;
  const settledBefore = now - TRUST_AFTER_MS * 1_000_000n;
  return {
    key: `${stat.dev}:${stat.ino}:${stat.ctimeNs}:${stat.mtimeNs}:${stat.size}:${stat.nlink}`,
    settled: stat.ctimeNs < settledBefore && stat.mtimeNs < settledBefore,
  };
}

interface Kept<T> {
  stamp: string;
  value: T;
}

/** One walk's view of the cache: what the last walk kept, and what this one keeps for the next. */
export interface WalkSession<T> {
  /** The result kept for this directory, if it has not changed since. */
  reuse(key: string, stamp: DirStamp | undefined): T | undefined;
  /** Keep a directory's result for the next walk (not when it changed too recently to trust its stamp). */
  keep(key: string, stamp: DirStamp | undefined, value: T): void;
  /** The walk is over: what it kept replaces what the last one kept (directories gone are forgotten). */
  finish(): void;
}

const configs = new Map<string, Map<string, Kept<unknown>>>();

/** Start a walk under a set of rules (`config` names them all: roots, globs, protected paths). */
export function walkSession<T>(config: string): WalkSession<T> {
  const last = (configs.get(config) ?? new Map()) as Map<string, Kept<T>>;
  // Most recently used last, so the first key is the one to drop.
  configs.delete(config);
  configs.set(config, last);
  if (configs.size > MAX_CONFIGS) configs.delete(configs.keys().next().value as string);
  const next = new Map<string, Kept<T>>();
  return {
    reuse(key, stamp) {
      const kept = stamp ? last.get(key) : undefined;
      return kept && kept.stamp === stamp?.key ? kept.value : undefined;
    },
    keep(key, stamp, value) {
      if (stamp?.settled && next.size < MAX_DIRS) next.set(key, { stamp: stamp.key, value });
    },
    finish() {
      if (configs.has(config)) configs.set(config, next);
    },
  };
}
