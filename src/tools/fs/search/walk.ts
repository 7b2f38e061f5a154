import type { Dirent } from 'node:fs';
import type { FileAccess } from '../../../sandbox/index.js';
import { byCodeUnit } from './format.js';
import {
  ancestorLevels,
  IGNORE_FILE_NAMES,
  type IgnoreLevel,
  type IgnorePresence,
  isIgnored,
  loadLevel,
} from './ignore-rules.js';
import { readDirVerified } from './read-dir.js';

export type EntryKind = 'dir' | 'file' | 'symlink' | 'fifo' | 'socket' | 'device';

export interface WalkEntry {
  /** Canonical path (for a symbolic link, the link's own path: links are never followed). */
  path: string;
  /** Relative to the walk's start, with `/`. */
  rel: string;
  name: string;
  /** 1 for a child of the start. */
  depth: number;
  kind: EntryKind;
  /** Matched an ignore rule or lies in an ignored directory (seen only with `includeIgnored`). */
  ignored: boolean;
}

export interface WalkOptions {
  files: FileAccess;
  signal?: AbortSignal;
  /** Levels below the start to visit (default: no limit). */
  maxDepth?: number;
  /** Visit ignored entries too (marked), and descend into ignored directories. */
  includeIgnored?: boolean;
  /** Entries visited before the walk stops; it then reports `capped`. */
  maxEntries: number;
  /** Pre-order, directories first and then by name, one directory at a time (for listings). */
  ordered?: boolean;
  /** Whether to enter a directory; lets a glob's fixed prefix prune the walk. */
  descend?: (entry: WalkEntry) => boolean;
  /** Directories read at once when not ordered (default 8). */
  concurrency?: number;
}

export interface WalkSummary {
  visited: number;
  capped: boolean;
  /** Entries skipped because an ignore rule matched them (their contents are not counted). */
  ignored: number;
  /** Subdirectories that could not be listed (removed meanwhile, no permission). */
  unreadable: number;
}

interface Pending {
  entry: WalkEntry;
  level: IgnoreLevel | undefined;
}

/**
 * Walk a checked directory: never follows symbolic links (they are visited as entries, not entered), never
 * enters `.git`, skips what the file policy will not let us read, and applies ignore files the way ripgrep
 * does (see ignore-rules.ts). Bounded by `maxEntries`.
 */
export async function walk(
  start: string,
  opts: WalkOptions,
  visit: (entry: WalkEntry) => void,
): Promise<WalkSummary> {
  const summary: WalkSummary = { visited: 0, capped: false, ignored: 0, unreadable: 0 };
  const maxDepth = opts.maxDepth ?? Number.POSITIVE_INFINITY;
  const root: WalkEntry = { path: start, rel: '', name: '', depth: 0, kind: 'dir', ignored: false };
  const top = await expand(root, await ancestorLevels(opts.files, start), opts, summary);

  const enter = (entry: WalkEntry) =>
    entry.kind === 'dir' && entry.depth < maxDepth && (opts.descend?.(entry) ?? true);
  const take = (entry: WalkEntry): boolean => {
    if (summary.visited >= opts.maxEntries) {
      summary.capped = true;
      return false;
    }
    summary.visited++;
    visit(entry);
    return true;
  };

  if (opts.ordered) {
    const stack = top.children.reverse().map((entry) => ({ entry, level: top.level }));
    while (stack.length > 0 && !summary.capped) {
      const { entry, level } = stack.pop()!;
      if (!take(entry)) break;
      if (!enter(entry)) continue;
      const next = await expandChild(entry, level, opts, summary);
      if (next) for (const child of next.children.reverse()) stack.push({ entry: child, level: next.level });
    }
    return summary;
  }

  const queue: Pending[] = [];
  const visitAll = (children: WalkEntry[], level: IgnoreLevel | undefined) => {
    for (const entry of children) {
      if (!take(entry)) return;
      if (enter(entry)) queue.push({ entry, level });
    }
  };
  visitAll(top.children, top.level);
  const concurrency = opts.concurrency ?? 8;
  let active = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      while (active < concurrency && queue.length > 0 && !summary.capped) {
        const { entry, level } = queue.pop()!;
        active++;
        expandChild(entry, level, opts, summary)
          .then((next) => {
            active--;
            if (next) visitAll(next.children, next.level);
            pump();
          })
          .catch(reject);
      }
      if (active === 0 && (queue.length === 0 || summary.capped)) resolve();
    };
    pump();
  });
  return summary;
}

/** Expand a directory below the start; one that vanished or cannot be listed is counted and skipped. */
async function expandChild(
  entry: WalkEntry,
  level: IgnoreLevel | undefined,
  opts: WalkOptions,
  summary: WalkSummary,
) {
  try {
    return await expand(entry, level, opts, summary);
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    summary.unreadable++;
    return undefined;
  }
}

async function expand(
  dir: WalkEntry,
  parentLevel: IgnoreLevel | undefined,
  opts: WalkOptions,
  summary: WalkSummary,
): Promise<{ level: IgnoreLevel | undefined; children: WalkEntry[] }> {
  opts.signal?.throwIfAborted();
  const dirents = await readDirVerified(dir.path);
  const presence = presenceOf(dirents);
  const level =
    presence.files.size > 0 || presence.hasGit
      ? await loadLevel(opts.files, dir.path, parentLevel, presence)
      : parentLevel;
  const prefix = dir.path === '/' ? '/' : `${dir.path}/`;
  const children: WalkEntry[] = [];
  for (const dirent of dirents) {
    const name = dirent.name;
    if (name === '.git') continue;
    const path = prefix + name;
    if (!opts.files.isReadable(path)) continue;
    const kind = kindOf(dirent);
    const ignored = dir.ignored || isIgnored(level, path, kind === 'dir');
    if (ignored && !opts.includeIgnored) {
      summary.ignored++;
      continue;
    }
    children.push({
      path,
      rel: dir.rel === '' ? name : `${dir.rel}/${name}`,
      name,
      depth: dir.depth + 1,
      kind,
      ignored,
    });
  }
  if (opts.ordered) children.sort(listingOrder);
  return { level, children };
}

/** Directories first, then everything else, each by name. */
export function listingOrder(a: WalkEntry, b: WalkEntry): number {
  const ad = a.kind === 'dir' ? 0 : 1;
  const bd = b.kind === 'dir' ? 0 : 1;
  return ad - bd || byCodeUnit(a.name, b.name);
}

function presenceOf(dirents: Dirent[]): IgnorePresence {
  const presence: IgnorePresence = { files: new Set(), hasGit: false, gitDir: false };
  for (const dirent of dirents) {
    if (dirent.name === '.git') {
      presence.hasGit = true;
      presence.gitDir = dirent.isDirectory();
    } else if (dirent.isFile() && (IGNORE_FILE_NAMES as readonly string[]).includes(dirent.name)) {
      presence.files.add(dirent.name);
    }
  }
  return presence;
}

function kindOf(dirent: Dirent): EntryKind {
  if (dirent.isDirectory()) return 'dir';
  if (dirent.isFile()) return 'file';
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isFIFO()) return 'fifo';
  if (dirent.isSocket()) return 'socket';
  return 'device';
}
