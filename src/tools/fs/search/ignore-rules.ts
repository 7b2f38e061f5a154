import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { type FileAccess, readVerified } from '../../../sandbox/index.js';
import { walkedCheck } from './walked-check.js';

type Ignore = ignore.Ignore;

/** Ignore files larger than this are not read (a real one is a few KiB). */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/** The ignore files ripgrep reads in each directory, highest precedence first. */
export const IGNORE_FILE_NAMES = ['.rgignore', '.ignore', '.gitignore'] as const;

/**
 * The ignore rules of one directory, linked to its parent's. The semantics are ripgrep's (so the
 * JavaScript search and ripgrep agree): `.rgignore` beats `.ignore` beats `.gitignore` beats
 * `.git/info/exclude`; within each kind the deepest directory with a matching rule decides; `.gitignore`
 * and the exclude file stop applying above a directory that holds `.git` (a repository root, so a nested
 * repository does not inherit its parent's rules).
 */
export interface IgnoreLevel {
  dir: string;
  parent: IgnoreLevel | undefined;
  hasGit: boolean;
  rgignore?: Ignore;
  dotignore?: Ignore;
  gitignore?: Ignore;
  exclude?: Ignore;
  /** Whether this level or any parent has rules; lets the common case skip the chain walk. */
  active: boolean;
}

type Verdict = 0 | 1 | 2;
const NONE: Verdict = 0;
const IGNORED: Verdict = 1;
const WHITELISTED: Verdict = 2;

/** Whether `canonical` (below `level.dir`) is ignored. Directories are matched as directories. */
export function isIgnored(level: IgnoreLevel | undefined, canonical: string, isDir: boolean): boolean {
  if (!level?.active) return false;
  let rg: Verdict = NONE;
  let dot: Verdict = NONE;
  let git: Verdict = NONE;
  let exclude: Verdict = NONE;
  let sawGit = false;
  for (let l: IgnoreLevel | undefined = level; l; l = l.parent) {
    if (!l.rgignore && !l.dotignore && !l.gitignore && !l.exclude) {
      sawGit ||= l.hasGit;
      continue;
    }
    const rel = relativeTo(l.dir, canonical) + (isDir ? '/' : '');
    if (rg === NONE && l.rgignore) rg = verdict(l.rgignore, rel);
    if (dot === NONE && l.dotignore) dot = verdict(l.dotignore, rel);
    if (!sawGit && git === NONE && l.gitignore) git = verdict(l.gitignore, rel);
    if (!sawGit && exclude === NONE && l.exclude) exclude = verdict(l.exclude, rel);
    sawGit ||= l.hasGit;
  }
  const decided = rg || dot || git || exclude;
  return decided === IGNORED;
}

/** What one rule set says about one path, without inheriting from parent directories (as git and ripgrep). */
function verdict(ig: Ignore, rel: string): Verdict {
  // `ignore` exposes parent-inheriting tests only; its rule manager tests the path alone, which is what a
  // layered matcher needs (a deeper rule may re-include a directory a shallower one excluded). The version
  // is pinned; fall back to the public test if the internals ever move.
  const rules = (ig as unknown as { _rules?: { test?: (p: string, mode: string) => ignore.TestResult } })
    ._rules;
  const result = typeof rules?.test === 'function' ? rules.test(rel, 'regex') : ig.test(rel);
  return result.ignored ? IGNORED : result.unignored ? WHITELISTED : NONE;
}

function relativeTo(dir: string, canonical: string): string {
  return dir === '/' ? canonical.slice(1) : canonical.slice(dir.length + 1);
}

/** What a directory listing says about the ignore files present in it. */
export interface IgnorePresence {
  files: Set<string>;
  /** `.git` exists (a directory, or a file for worktrees and submodules). */
  hasGit: boolean;
  /** `.git` is a directory, so `.git/info/exclude` can be read. */
  gitDir: boolean;
}

/** Build a directory's level from what its listing showed; unreadable or oversized files count as absent. */
export async function loadLevel(
  files: FileAccess,
  dir: string,
  parent: IgnoreLevel | undefined,
  presence: IgnorePresence,
): Promise<IgnoreLevel> {
  const level: IgnoreLevel = { dir, parent, hasGit: presence.hasGit, active: parent?.active ?? false };
  const read = (file: string) => readRules(files, file);
  if (presence.files.has('.rgignore')) level.rgignore = await read(path.join(dir, '.rgignore'));
  if (presence.files.has('.ignore')) level.dotignore = await read(path.join(dir, '.ignore'));
  if (presence.files.has('.gitignore')) level.gitignore = await read(path.join(dir, '.gitignore'));
  if (presence.gitDir) level.exclude = await read(path.join(dir, '.git', 'info', 'exclude'));
  if (level.rgignore || level.dotignore || level.gitignore || level.exclude) level.active = true;
  return level;
}

/**
 * The levels above a search's start directory, outermost first, as far up as the file policy lets us read
 * (ripgrep reads parent ignore files too; the two agree unless ignore files sit above the readable roots).
 */
export async function ancestorLevels(files: FileAccess, start: string): Promise<IgnoreLevel | undefined> {
  const dirs: string[] = [];
  for (let dir = path.dirname(start); files.isReadable(dir); dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === '/') break;
  }
  let level: IgnoreLevel | undefined;
  for (const dir of dirs) level = await loadLevel(files, dir, level, await presenceByStat(dir));
  return level;
}

/** The ignore files present in a directory we did not list (an ancestor of the start). */
export async function presenceByStat(dir: string): Promise<IgnorePresence> {
  const presence: IgnorePresence = { files: new Set(), hasGit: false, gitDir: false };
  await Promise.all([
    ...IGNORE_FILE_NAMES.map(async (name) => {
      const stat = await fs.lstat(path.join(dir, name)).catch(() => undefined);
      if (stat?.isFile()) presence.files.add(name);
    }),
    fs
      .lstat(path.join(dir, '.git'))
      .then((stat) => {
        presence.hasGit = true;
        presence.gitDir = stat.isDirectory();
      })
      .catch(() => undefined),
  ]);
  return presence;
}

async function readRules(files: FileAccess, file: string): Promise<Ignore | undefined> {
  if (!files.isReadable(file)) return undefined;
  try {
    const stat = await fs.lstat(file);
    if (!stat.isFile() || stat.size > MAX_IGNORE_FILE_BYTES) return undefined;
    const { data } = await readVerified(walkedCheck(files, file, stat), MAX_IGNORE_FILE_BYTES);
    // Case-sensitive, as git on Linux and ripgrep.
    return ignore({ ignorecase: false }).add(data.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether `dir` lies in a git repository: it or a readable ancestor holds `.git`. ripgrep then runs with
 * its default "ignore rules need a repository" mode, which every ripgrep version reads the same way;
 * outside a repository it runs with --no-require-git so .gitignore files still count.
 */
export async function insideRepository(files: FileAccess, dir: string): Promise<boolean> {
  for (let current = dir; files.isReadable(current); current = path.dirname(current)) {
    if (
      await fs.lstat(path.join(current, '.git')).then(
        () => true,
        () => false,
      )
    )
      return true;
    if (current === '/') break;
  }
  return false;
}
