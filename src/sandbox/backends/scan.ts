import type { Dirent } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin, relativeInside } from '../path-syntax.js';
import { protectedMatcher, repositoryProtectedPaths } from '../protected-paths.js';

/** A path the sandbox hides: a file is replaced by an empty one, a directory by an empty one. */
export interface Mask {
  path: string;
  dir: boolean;
}

export interface ScanResult {
  /** Deny-read matches, outermost only. */
  masks: Mask[];
  /** Existing protected paths inside writable roots, outermost only: bound read-only. */
  readOnly: string[];
  /** Entries visited; the walk stops after the limit. */
  visited: number;
  truncated: boolean;
  /**
   * In writable roots: directories that look like git directories (HEAD next to objects/ or commondir, any
   * name: `.git`, a bare `foo.git`), and `.git` entries that are symbolic links or `gitdir:` files.
   */
  gitDirs: string[];
  gitLinks: string[];
}

export interface ScanInput {
  roots: readonly FileRoot[];
  denyRead: readonly string[];
  protectedPaths: readonly string[];
  stateDir?: string;
  /** Directories outside the roots that the sandbox shows (absolute deny globs are walked there too). */
  visible: readonly string[];
  maxEntries: number;
  /**
   * Absolute paths protected wherever the roots are (see `userProtectedPaths`): bound read-only when they
   * exist inside a writable root, found or not by the walk.
   */
  absoluteProtected?: readonly string[];
}

/** As the file policy matches: dot files like any other, `[!x]` a negated class. */
const GLOB_OPTIONS = { dot: true, posix: true };

/** A name no real glob targets: a directory whose children would all match is hidden as a whole. */
const PROBE = '\u0000probe';

/**
 * Walk the roots breadth-first (without following symbolic links) for what the OS sandbox must enforce:
 * deny-read matches to mask and protected paths inside writable roots to bind read-only. Breadth-first, so
 * when the walk stops at its limit the shallow paths, the likeliest targets, are covered.
 */
export async function scanPolicyPaths(input: ScanInput): Promise<ScanResult> {
  const denyMatch =
    input.denyRead.length > 0 ? picomatch([...input.denyRead], GLOB_OPTIONS) : (_: string) => false;
  const isProtected = protectedMatcher([...input.protectedPaths]);
  const rootPaths = input.roots.map((root) => root.path);
  // A hooks directory set with core.hooksPath runs like .git/hooks, a gitdir: target is a .git, an included
  // config file is config (as the file policy treats them); the user's own configuration too.
  const absolute = [
    ...(input.absoluteProtected ?? []),
    ...input.roots
      .filter((root) => root.access === 'write')
      .flatMap((root) => repositoryProtectedPaths(root.path)),
  ];
  const result: ScanResult = {
    masks: [],
    readOnly: [],
    visited: 0,
    truncated: false,
    gitDirs: [],
    gitLinks: [],
  };

  const denied = (abs: string, dir: boolean): boolean => {
    const names = [abs];
    for (const root of rootPaths) {
      const rel = relativeInside(abs, root);
      if (rel) names.push(rel);
    }
    return names.some((name) => denyMatch(name) || (dir && denyMatch(`${name}/${PROBE}`)));
  };
  const protectedIn = (abs: string, dir: boolean, root: FileRoot): boolean => {
    if (root.access !== 'write') return false;
    if (input.stateDir && isWithin(abs, input.stateDir)) return true;
    if (absolute.some((p) => isWithin(abs, p))) return true;
    const rel = relativeInside(abs, root.path);
    return !!rel && (isProtected(rel) || (dir && isProtected(`${rel}/${PROBE}`)));
  };

  type Item = { dir: string; root: FileRoot | undefined; underProtected: boolean };
  const queue: Item[] = [];
  for (const root of input.roots) {
    // A root below a denied directory (or denied itself) is hidden whole.
    const above: string[] = [];
    for (let p = root.path; ; p = path.dirname(p)) {
      above.push(p);
      if (path.dirname(p) === p) break;
    }
    if (above.some((p) => denyMatch(p))) result.masks.push({ path: root.path, dir: true });
    else queue.push({ dir: root.path, root, underProtected: false });
  }
  // Absolute deny globs can name places outside the roots the sandbox still shows (under /etc, say).
  for (const glob of input.denyRead) {
    if (!path.isAbsolute(glob)) continue;
    const scan = picomatch.scan(glob);
    const base = scan.isGlob ? scan.base || '/' : glob;
    if (rootPaths.some((root) => isWithin(base, root))) continue;
    if (!input.visible.some((dir) => isWithin(base, dir))) continue;
    if (!scan.isGlob) {
      const stat = await fs.lstat(base).catch(() => undefined);
      if (stat && !stat.isSymbolicLink()) result.masks.push({ path: base, dir: stat.isDirectory() });
      continue;
    }
    queue.push({ dir: base, root: undefined, underProtected: false });
  }

  // Breadth-first, a level at a time, reading a level's directories concurrently.
  let level = queue;
  while (level.length > 0 && !result.truncated) {
    const next: Item[] = [];
    const listings = await Promise.all(
      level.map((item) => fs.readdir(item.dir, { withFileTypes: true }).catch(() => [] as Dirent[])),
    );
    for (let i = 0; i < level.length && !result.truncated; i++) {
      const item = level[i]!;
      const listing = listings[i]!;
      const writable = item.root?.access === 'write';
      if (writable && looksLikeGitDir(listing)) result.gitDirs.push(item.dir);
      for (const entry of listing) {
        if (++result.visited > input.maxEntries) {
          result.truncated = true;
          break;
        }
        const abs = path.join(item.dir, entry.name);
        if (writable && entry.name === '.git') {
          if (entry.isDirectory()) result.gitDirs.push(abs);
          else result.gitLinks.push(abs);
        }
        if (entry.isSymbolicLink()) continue;
        const dir = entry.isDirectory();
        // Another root is walked on its own, with its own access.
        if (dir && abs !== item.dir && rootPaths.includes(abs)) continue;
        if (denied(abs, dir)) {
          result.masks.push({ path: abs, dir });
          continue;
        }
        let underProtected = item.underProtected;
        if (item.root && !underProtected && protectedIn(abs, dir, item.root)) {
          result.readOnly.push(abs);
          underProtected = true;
        }
        // Inside a read-only protected directory only deny-read rules are left to find.
        if (dir && (!underProtected || input.denyRead.length > 0)) {
          next.push({ dir: abs, root: item.root, underProtected });
        }
      }
    }
    level = next;
  }
  // The absolute protected paths that exist in a writable root, however deep: the walk may stop first.
  for (const p of input.absoluteProtected ?? []) {
    const root = mostSpecificRoot(p, input.roots);
    if (root?.access !== 'write') continue;
    if (result.readOnly.some((ro) => isWithin(p, ro))) continue;
    if (result.masks.some((mask) => isWithin(p, mask.path)) || denied(p, true)) continue;
    if (
      await fs.lstat(p).then(
        () => true,
        () => false,
      )
    )
      result.readOnly.push(p);
  }
  return result;
}

/** The root a path belongs to: the most specific one (a read-only root nested in a writable one wins). */
export function mostSpecificRoot(p: string, roots: readonly FileRoot[]): FileRoot | undefined {
  let best: FileRoot | undefined;
  for (const root of roots) {
    if (isWithin(p, root.path) && (!best || root.path.length > best.path.length)) best = root;
  }
  return best;
}

/** A directory listing with HEAD next to objects/ (or a commondir file): a git directory, whatever its name. */
function looksLikeGitDir(listing: readonly Dirent[]): boolean {
  let head = false;
  let store = false;
  for (const entry of listing) {
    if (entry.name === 'HEAD') head = true;
    else if ((entry.name === 'objects' && entry.isDirectory()) || entry.name === 'commondir') store = true;
  }
  return head && store;
}

/** Startup files of shells and git's user config: only read from a home directory. */
const HOME_ONLY = new Set([
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.gitconfig',
]);

/**
 * Top-level names the protected globs forbid creating in a writable root (`**\/.envrc` → `.envrc`,
 * `**\/.vscode/**` → `.vscode`): the sandbox holds the missing ones with read-only placeholders. Shell
 * startup files only count in a home directory, the one place a shell reads them from.
 */
export function placeholderNames(globs: readonly string[], root: string): string[] {
  const home = root === os.homedir() || root === '/root' || /^\/home\/[^/]+$/.test(root);
  const names = new Set<string>();
  for (const glob of globs) {
    const match = /^(?:\*\*\/)?([^/*?[\]{}!()]+)(?:\/\*\*)?$/.exec(glob);
    const name = match?.[1];
    if (!name || name === '.' || name === '..') continue;
    if (HOME_ONLY.has(name) && !home) continue;
    // `.git` is left free so `git init` works in a fresh workspace; existing repositories are bound
    // read-only, and a new one is checked after the command (see audit.ts).
    if (name === '.git') continue;
    names.add(name);
  }
  return [...names].sort();
}
