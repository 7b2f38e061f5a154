import type { Dirent } from 'node:fs';
import { accessSync, constants, lstatSync, readdirSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin, relativeInside } from '../path-syntax.js';
import { repositoryProtectedPaths } from '../protected-paths.js';
import { dirStamp, walkSession } from './scan-cache.js';
import { compileDeny, compileProtected, type DenyRules, PROBE } from './scan-rules.js';

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
   * Directories the walk could not list that a command could still enter (mode 0300, or its own 0000 it may
   * chmod): what they hold cannot be checked, so each is hidden whole (it is in `masks` too).
   */
  unlisted: string[];
  /**
   * Why the walk could not see all it must (a path too long to open, too many open files, an I/O error):
   * no command may run by such a result.
   */
  incomplete?: string;
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
  /**
   * Paths outside the roots shown read-only for a program (`SandboxPolicy.readPaths`): every deny glob that
   * can match an absolute path (`/x/**`, `**\/.env`) is enforced there.
   */
  readPaths?: readonly string[];
  /** Entries the walk visits at most; past it the result says `truncated`. */
  maxEntries: number;
  /**
   * Absolute paths protected wherever the roots are (see `userProtectedPaths`): bound read-only when they
   * exist inside a writable root, found or not by the walk.
   */
  absoluteProtected?: readonly string[];
}

/**
 * Walk the roots breadth-first (without following symbolic links) for what the OS sandbox must enforce:
 * deny-read matches to mask and protected paths inside writable roots to bind read-only. Breadth-first, so
 * when the walk stops at its limit the shallow paths, the likeliest targets, are covered — but a walk that
 * stopped is not enough to run a command by (see bwrap.ts). Deny-read globs without wildcards are looked up
 * directly, so they hold whatever the size of the roots; the walk enters read-only roots, and directories
 * already protected whole, only where a deny-read glob with wildcards could match.
 */
export async function scanPolicyPaths(input: ScanInput): Promise<ScanResult> {
  const deny = denyRules(input.denyRead);
  const isProtected = protectedRules(input.protectedPaths);
  const rootPaths = input.roots.map((root) => root.path);
  // A hooks directory set with core.hooksPath runs like .git/hooks, a gitdir: target is a .git, an included
  // config file is config (as the file policy treats them); the user's own configuration too.
  const absolute = new Set([
    ...(input.absoluteProtected ?? []),
    ...input.roots
      .filter((root) => root.access === 'write')
      .flatMap((root) => repositoryProtectedPaths(root.path)),
  ]);
  if (input.stateDir) absolute.add(input.stateDir);
  const result: ScanResult = {
    masks: [],
    readOnly: [],
    visited: 0,
    truncated: false,
    unlisted: [],
    gitDirs: [],
    gitLinks: [],
  };
  const literal = new Set(
    input.denyRead.length > 0 ? literalDenies(deny, rootPaths).map((p) => p.normalize('NFC')) : [],
  );

  // A path's names as deny globs see it: absolute, and relative to each root that holds it.
  // In NFC, as the rules were compiled: any normalization of a name on disk meets its rule.
  const denied = (given: string, givenRels: readonly string[], dir: boolean): boolean => {
    const abs = given.normalize('NFC');
    if (literal.has(abs)) return true;
    const match = deny.match;
    if (!match) return false;
    if (match(abs) || (dir && match(`${abs}/${PROBE}`))) return true;
    const rels = givenRels.map((rel) => rel.normalize('NFC'));
    return rels.some((rel) => match(rel) || (dir && match(`${rel}/${PROBE}`)));
  };

  interface Item {
    dir: string;
    root: FileRoot | undefined;
    /** The directory relative to each root that holds it ('' for the root itself). */
    rels: string[];
    /** Its path relative to its own root. */
    rel: string;
    underProtected: boolean;
    /** The root lies inside a protected path (its state directory, say): everything in it is protected. */
    insideProtected: boolean;
  }
  const queue: Item[] = [];
  for (const root of input.roots) {
    const rels = input.roots
      .filter((outer) => isWithin(root.path, outer.path))
      .map((outer) => relativeInside(root.path, outer.path) ?? '');
    // A root below a denied directory (or denied itself) is hidden whole.
    const above: string[] = [];
    for (let p = root.path; ; p = path.dirname(p)) {
      above.push(p);
      if (path.dirname(p) === p) break;
    }
    if (
      above.some((p) => denied(p, [], false) || denied(p, [], true)) ||
      denied(
        root.path,
        rels.filter((rel) => rel !== ''),
        true,
      )
    ) {
      result.masks.push({ path: root.path, dir: true });
      continue;
    }
    const writable = root.access === 'write';
    if (!writable && !(deny.match && deny.reachesInto(root.path, rels))) continue;
    const insideProtected = writable && [...absolute].some((p) => isWithin(root.path, p));
    queue.push({ dir: root.path, root, rels, rel: '', underProtected: false, insideProtected });
  }
  // A program's read paths: hidden whole when denied, else walked where a deny glob could match inside.
  const readPaths = input.readPaths ?? [];
  for (const dir of readPaths) {
    const above: string[] = [];
    for (let p = dir; ; p = path.dirname(p)) {
      above.push(p);
      if (path.dirname(p) === p) break;
    }
    if (above.some((p) => denied(p, [], false) || denied(p, [], true))) {
      result.masks.push({ path: dir, dir: lstatOrUndefined(dir)?.isDirectory() === true });
      continue;
    }
    if (!deny.match || !deny.reachesInto(dir, [])) continue;
    queue.push({ dir, root: undefined, rels: [], rel: '', underProtected: false, insideProtected: false });
  }
  // Absolute deny globs can name places outside the roots the sandbox still shows (under /etc, say).
  for (const glob of input.denyRead) {
    if (!path.isAbsolute(glob)) continue;
    const scan = picomatch.scan(glob);
    const base = scan.isGlob ? scan.base || '/' : glob;
    if (rootPaths.some((root) => isWithin(base, root))) continue;
    if (!input.visible.some((dir) => isWithin(base, dir))) continue;
    if (!scan.isGlob) continue; // looked up below with the other literal paths
    const item = { dir: base, root: undefined, rels: [], rel: '', underProtected: false };
    queue.push({ ...item, insideProtected: false });
  }

  // What one directory adds to the result, and the directories below it to walk next.
  interface DirResult {
    entries: number;
    masks: Mask[];
    unlisted: string[];
    readOnly: string[];
    gitDirs: string[];
    gitLinks: string[];
    next: Item[];
  }
  /** Look at a directory's entries, the first `budget` of them: the walk stops at its entry limit. */
  const visit = (item: Item, listing: readonly Dirent[], budget: number): DirResult => {
    const entries = Math.min(listing.length, budget);
    const found: DirResult = {
      entries,
      masks: [],
      unlisted: [],
      readOnly: [],
      gitDirs: [],
      gitLinks: [],
      next: [],
    };
    const writable = item.root?.access === 'write';
    if (writable && looksLikeGitDir(listing)) found.gitDirs.push(item.dir);
    const prefix = item.dir === '/' ? '/' : `${item.dir}/`;
    for (let i = 0; i < entries; i++) {
      const entry = listing[i]!;
      const name = entry.name;
      const abs = prefix + name;
      if (writable && name === '.git') {
        if (entry.isDirectory()) found.gitDirs.push(abs);
        else found.gitLinks.push(abs);
      }
      if (entry.isSymbolicLink()) continue;
      const dir = entry.isDirectory();
      // Another root is walked on its own, with its own access.
      if (dir && rootPaths.includes(abs)) continue;
      const rels = item.rels.map((rel) => (rel === '' ? name : `${rel}/${name}`));
      if (denied(abs, rels, dir)) {
        found.masks.push({ path: abs, dir });
        continue;
      }
      const rel = item.rel === '' ? name : `${item.rel}/${name}`;
      let underProtected = item.underProtected;
      if (
        writable &&
        !underProtected &&
        (item.insideProtected || absolute.has(abs) || isProtected(rel, name, dir))
      ) {
        found.readOnly.push(abs);
        underProtected = true;
      }
      if (!dir) continue;
      // Inside a read-only protected directory (or a read-only root) only deny-read globs are left to find.
      if ((writable && !underProtected) || (deny.match && deny.reachesInto(abs, rels))) {
        found.next.push({
          dir: abs,
          root: item.root,
          rels,
          rel,
          underProtected,
          insideProtected: item.insideProtected,
        });
      }
    }
    return found;
  };

  // Breadth-first, a level at a time. A directory unchanged since the last walk under the same rules gives
  // what it gave then (see scan-cache.ts); the others are read.
  const session = walkSession<DirResult>(walkConfig(input, absolute));
  const keyOf = (item: Item) =>
    `${item.root?.path ?? ''}\0${item.underProtected ? 1 : 0}${item.insideProtected ? 1 : 0}\0${item.dir}`;
  let level = queue;
  while (level.length > 0 && !result.truncated && !result.incomplete) {
    const stamps = level.map((item) => dirStamp(item.dir));
    const known = level.map((item, i) => session.reuse(keyOf(item), stamps[i]));
    const listings = await readLevel(level.map((item, i) => (known[i] ? undefined : item.dir)));
    const next: Item[] = [];
    for (let i = 0; i < level.length; i++) {
      const item = level[i]!;
      const budget = input.maxEntries - result.visited;
      let found = known[i];
      if (!found || found.entries > budget) {
        const listing = listings[i] ?? readDir(item.dir);
        if ('failed' in listing) {
          found = unreadable(item.dir, listing.failed);
          if (!found) {
            result.incomplete ??= `${shortened(item.dir)} cannot be read (${listing.failed})`;
            break;
          }
          session.keep(keyOf(item), stamps[i], found);
        } else {
          found = visit(item, listing, budget);
          // Past the limit: what was seen so far counts, and the walk says it stopped.
          if (listing.length > budget) result.truncated = true;
          else session.keep(keyOf(item), stamps[i], found);
        }
      } else session.keep(keyOf(item), stamps[i], found);
      result.visited += found.entries + (result.truncated ? 1 : 0);
      result.masks.push(...found.masks);
      result.unlisted.push(...found.unlisted);
      result.readOnly.push(...found.readOnly);
      result.gitDirs.push(...found.gitDirs);
      result.gitLinks.push(...found.gitLinks);
      next.push(...found.next);
      if (result.truncated) break;
    }
    level = next;
  }
  session.finish();

  // Deny-read paths named without wildcards, wherever the walk went (or did not go).
  const found: Mask[] = [];
  for (const named of literal) {
    if (
      !rootPaths.some((root) => isWithin(named, root)) &&
      !input.visible.some((dir) => isWithin(named, dir)) &&
      !readPaths.some((dir) => isWithin(named, dir))
    )
      continue;
    // The name as it is on disk, which may be another Unicode normalization than the rule's.
    const p = onDisk(named);
    if (p === undefined) continue;
    if (result.masks.some((mask) => isWithin(p, mask.path))) continue;
    const stat = lstatOrUndefined(p);
    if (!stat || stat.isSymbolicLink()) continue;
    // Through a symbolic link on the way the sandbox would mask something else (or fail to): the walk,
    // which follows no link, would not find it either.
    if (realOrUndefined(path.dirname(p)) !== path.dirname(p)) continue;
    found.push({ path: p, dir: stat.isDirectory() });
  }
  if (found.length > 0) result.masks = outermost([...result.masks, ...found]);

  // The absolute protected paths that exist in a writable root, however deep: the walk may stop first.
  for (const p of input.absoluteProtected ?? []) {
    const root = mostSpecificRoot(p, input.roots);
    if (root?.access !== 'write') continue;
    if (result.readOnly.some((ro) => isWithin(p, ro))) continue;
    if (result.masks.some((mask) => isWithin(p, mask.path)) || denied(p, [], true)) continue;
    if (lstatOrUndefined(p)) result.readOnly.push(p);
  }
  return result;
}

const CANNOT_ENFORCE = 'The sandbox cannot enforce the deny-read and protected paths:';

/** Why no command may run by this walk (it did not see everything it must), or undefined when one may. */
export function scanRefusal(scan: ScanResult, maxEntries: number): string | undefined {
  if (scan.truncated) {
    return `${CANNOT_ENFORCE} the roots hold more than ${maxEntries} entries, the most it walks to find them. Narrow the roots or raise maxScanEntries.`;
  }
  if (scan.incomplete) {
    return `${CANNOT_ENFORCE} ${scan.incomplete}, so nothing below it can be checked. Shorten or remove that path, or narrow the roots.`;
  }
  return undefined;
}

/** The note for directories hidden because the walk could not list them, or undefined when none were. */
export function unlistedNote(unlisted: readonly string[], roots: readonly FileRoot[]): string | undefined {
  if (unlisted.length === 0) return undefined;
  const shown = unlisted.map((p) => {
    const root = mostSpecificRoot(p, roots);
    return (root && relativeInside(p, root.path)) || p;
  });
  const it = unlisted.length === 1 ? 'it' : 'them';
  return `Hidden from the command: ${shown.join(', ')} (handrail cannot list ${it}, so the deny-read and protected paths inside cannot be found). Make ${it} readable (chmod u+r) to use ${it} again.`;
}

/**
 * The path as spelled on disk: `p` itself when it exists, else each missing name looked up in its parent's
 * listing by its NFC form. Undefined when nothing by that name exists. Synchronous, as the walk: a few
 * lookups per deny-read path, each far cheaper than a trip through the thread pool.
 */
function onDisk(p: string): string | undefined {
  if (lstatOrUndefined(p)) return p;
  const names = p.split('/').filter(Boolean);
  let current = '/';
  for (const name of names) {
    const direct = path.join(current, name);
    if (lstatOrUndefined(direct)) {
      current = direct;
      continue;
    }
    const wanted = name.normalize('NFC');
    let entries: string[];
    try {
      entries = readdirSync(current);
    } catch {
      return undefined;
    }
    const match = entries.find((entry) => entry.normalize('NFC') === wanted);
    if (match === undefined) return undefined;
    current = path.join(current, match);
  }
  return current;
}

function lstatOrUndefined(p: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function realOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/** Everything that decides what a walk finds in a directory: results kept under one are valid for it only. */
function walkConfig(input: ScanInput, absolute: ReadonlySet<string>): string {
  return JSON.stringify([
    input.roots.map((root) => [root.path, root.access]),
    input.denyRead,
    input.protectedPaths,
    input.stateDir ?? null,
    input.visible,
    input.readPaths ?? [],
    [...absolute].sort(),
  ]);
}

/**
 * List directories (undefined: not needed). Synchronously, in slices of a few milliseconds between which other work runs: for the
 * thousands of small directories of a large tree this is several times faster than a promise per directory
 * through the thread pool, and a server's event loop still never waits long.
 */
async function readLevel(dirs: readonly (string | undefined)[]): Promise<(Listing | undefined)[]> {
  const out: (Listing | undefined)[] = [];
  let slice = performance.now();
  for (const dir of dirs) {
    out.push(dir === undefined ? undefined : readDir(dir));
    if (performance.now() - slice > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
  return out;
}

/** A directory's entries, or the error code that kept them from being read. */
type Listing = Dirent[] | { failed: string };

function readDir(dir: string): Listing {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an unknown error';
    // Removed, or replaced by a file, since its parent was read: nothing is left below it to enforce.
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    return { failed: code };
  }
}

/**
 * What a directory the walk cannot read gives: nothing when the permission bits keep everyone here out
 * (another user's 0700 data directory); hidden whole when a command could still get inside — search
 * permission without read (0300) opens any name it knows, and its owner may chmod it — since no deny-read
 * or protected path in it can be found. Undefined for any other failure (a path longer than the system
 * allows, too many open files): the walk is incomplete.
 */
function unreadable(dir: string, code: string) {
  const nothing = { entries: 0, masks: [], unlisted: [], readOnly: [], gitDirs: [], gitLinks: [], next: [] };
  if (code !== 'EACCES' && code !== 'EPERM') return undefined;
  if (!enterable(dir)) return nothing;
  return { ...nothing, masks: [{ path: dir, dir: true }], unlisted: [dir] };
}

/** A path as a message shows it: one too long to open is cut in the middle. */
function shortened(p: string): string {
  const bytes = Buffer.byteLength(p);
  return bytes <= 200 ? p : `${p.slice(0, 100)}…${p.slice(-60)} (a path of ${bytes} bytes)`;
}

/** Whether this process may search the directory, or could make it so (it owns it). */
function enterable(dir: string): boolean {
  try {
    accessSync(dir, constants.X_OK);
    return true;
  } catch {
    return lstatOrUndefined(dir)?.uid === process.geteuid?.();
  }
}

const SLICE_MS = 10;

/** The absolute paths the literal deny globs name: each absolute one, each relative one in every root. */
function literalDenies(deny: DenyRules, roots: readonly string[]): string[] {
  const out = [...deny.literal.absolute];
  for (const root of roots) for (const rel of deny.literal.relative) out.push(path.join(root, rel));
  return out;
}

/** Masks not inside another mask (a mount point cannot be made inside a masked directory), each once. */
function outermost(masks: readonly Mask[]): Mask[] {
  const dirs = masks.filter((mask) => mask.dir).map((mask) => mask.path);
  const seen = new Set<string>();
  return masks.filter((mask) => {
    if (seen.has(mask.path)) return false;
    seen.add(mask.path);
    return !dirs.some((dir) => dir !== mask.path && isWithin(mask.path, dir));
  });
}

// Compiled rules, kept for the next command (the globs rarely change within a process).
const denyCache = new Map<string, DenyRules>();
const protectedCache = new Map<string, ReturnType<typeof compileProtected>>();

function denyRules(globs: readonly string[]): DenyRules {
  return cached(denyCache, globs, () => compileDeny(globs));
}

function protectedRules(globs: readonly string[]): ReturnType<typeof compileProtected> {
  return cached(protectedCache, globs, () => compileProtected(globs));
}

function cached<T>(cache: Map<string, T>, globs: readonly string[], make: () => T): T {
  const key = JSON.stringify(globs);
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= 32) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
  }
  return value;
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
  '.bash_aliases',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.gitconfig',
]);

const VISIBLE_BUILTINS = new Set(['lefthook.yml']);

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
    // A visible placeholder (`lefthook.yml`) would show in every `ls` and `git status` while a command runs:
    // such names are reported after the command that creates them instead.
    if (VISIBLE_BUILTINS.has(name)) continue;
    names.add(name);
  }
  return [...names].sort();
}

/**
 * The first missing component of a path inside a writable root (`~/.config` when `~/.config/git` is wanted
 * and neither exists), or undefined when the path exists, or is not in a writable root.
 */
export function firstMissing(p: string, roots: readonly FileRoot[]): string | undefined {
  const root = mostSpecificRoot(p, roots);
  if (root?.access !== 'write' || p === root.path || pathExists(p)) return undefined;
  let hold = p;
  while (path.dirname(hold) !== root.path && !pathExists(path.dirname(hold))) hold = path.dirname(hold);
  return hold;
}

/** Whether anything (a dangling link too) is at the path. */
export function pathExists(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
