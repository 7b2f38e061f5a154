import { type Dirent, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import {
  findGitDir,
  type GitConfigEntry,
  type GitConfigRead,
  hooksDirs,
  includeTarget,
  isExecEntry,
  isInclude,
  isUnprotectedInclude,
  looksLikeGitDir,
  parseGitConfig,
  readGitConfigFiles,
  readGitFile,
  repositoryConfigFiles,
  resolveDotGit,
} from '../git-config.js';
import { renameInRoot, rewriteInRoot, unlinkInRoot } from './root-edits.js';
import { mostSpecificRoot } from './scan.js';

/**
 * What git would run after a sandboxed command, and what the command added to it. Before the command
 * handrail records the program-running settings of every repository in the writable roots (any git
 * directory: `.git`, a bare `foo.git`, a `.git` link's or `gitdir:` file's target, submodules, worktrees),
 * their hooks and the user's protected configuration; afterwards it removes what is new — settings from
 * config files (and included files) in the roots, hooks from hooks directories — and says what it removed.
 * Settings and hooks that were there before are the user's own and stay.
 */
export interface GitSnapshot {
  /** Fingerprints (real file, key, value) of program-running settings, and of config files not checked. */
  hazards: Set<string>;
  /** Hook files (and symlinked hooks directories): path → stamp. */
  hooks: Map<string, string>;
  /** `.git` symbolic links and `gitdir:` files: path → what they named. */
  links: Map<string, string>;
  /** Absolute protected paths (the user's configuration) in writable roots: path → stamp of it and what it holds. */
  watched: Map<string, string>;
  /** Git directories seen (real paths). */
  repos: Set<string>;
  /** False when the scan stopped at its limit: a repository not seen before may be an old one not reached. */
  complete: boolean;
  startedAt: number;
}

export interface GitScope {
  roots: readonly FileRoot[];
  /** Git directories and `.git` links the scan found in the writable roots. */
  gitDirs: readonly string[];
  gitLinks: readonly string[];
  /** Absolute protected paths to watch (see `userProtectedPaths`). */
  absoluteProtected: readonly string[];
  /** Whether the scan saw all of the roots. */
  complete?: boolean;
}

/** Config files read in the audit: larger than the classifier reads, since a command can pad one. */
const AUDIT_MAX_BYTES = 16 * 1024 * 1024;
/** Repositories looked at per command. */
const MAX_REPOS = 500;
/** Entries walked inside a repository's modules/ and worktrees/. */
const MAX_NESTED_ENTRIES = 2_000;
/** Entries looked at in one hooks directory (core.hooksPath may name a large one). */
const MAX_HOOKS_PER_DIR = 500;
/** Entries stamped below one watched path. */
const MAX_WATCHED_ENTRIES = 500;

interface Repo {
  gitDir: string;
  read: GitConfigRead;
}

export function snapshotGit(scope: GitScope): GitSnapshot {
  const snapshot: GitSnapshot = {
    hazards: new Set(),
    hooks: new Map(),
    links: new Map(),
    watched: new Map(),
    repos: new Set(),
    complete: scope.complete !== false,
    startedAt: Date.now(),
  };
  for (const repo of repositories(scope)) {
    if (repo.gitDir) snapshot.repos.add(repo.gitDir);
    for (const print of hazardPrints(repo, scope.roots).keys()) snapshot.hazards.add(print);
    for (const [file, stamp] of hookFiles(repo)) snapshot.hooks.set(file, stamp);
  }
  for (const link of scope.gitLinks) snapshot.links.set(link, linkTarget(link));
  for (const p of scope.absoluteProtected) {
    if (mostSpecificRoot(p, scope.roots)?.access === 'write') snapshot.watched.set(p, stampTree(p));
  }
  return snapshot;
}

export interface GitAuditResult {
  /** Settings removed: `core.fsmonitor=… in /ws/sub/.git/config`. */
  settings: string[];
  /** Hook files removed. */
  hooks: string[];
  /** Config files renamed away because handrail could not check them. */
  disabled: string[];
  /** `.git` links removed because they point outside the writable roots, or at nothing. */
  links: string[];
  /** What handrail could not undo (a file it could not rewrite), and changed protected paths. */
  unresolved: string[];
}

/**
 * After the command, or while it runs: remove what it added that makes git run programs (see GitSnapshot).
 * Every change is made through no link (see root-edits.ts), since a command still running may swap a
 * directory on the way meanwhile.
 */
export function auditGit(scope: GitScope, before: GitSnapshot): GitAuditResult {
  const result: GitAuditResult = { settings: [], hooks: [], disabled: [], links: [], unresolved: [] };
  const writable = (p: string) => mostSpecificRoot(p, scope.roots)?.access === 'write';

  for (const link of scope.gitLinks) {
    const target = linkTarget(link);
    if (before.links.get(link) === target) continue;
    const named = resolveDotGit(link);
    const real = named ? realOrSelf(named) : undefined;
    if ((!real || !writable(real) || !looksLikeGitDir(real)) && writable(path.dirname(link))) {
      if (unlinkInRoot(scope.roots, link)) result.links.push(`${link} → ${target}`);
      else result.unresolved.push(`${link} → ${target} could not be removed (it changed meanwhile)`);
    }
  }

  for (const repo of repositories(scope)) {
    // A repository the scan did not reach before (it stopped at its limit) and older than the command is
    // the user's own: left alone, so that its settings and hooks are not mistaken for new ones.
    if (
      repo.gitDir &&
      !before.complete &&
      !before.repos.has(repo.gitDir) &&
      bornBefore(repo.gitDir, before.startedAt)
    )
      continue;
    const prints = hazardPrints(repo, scope.roots);
    const fresh = [...prints].filter(([print]) => !before.hazards.has(print));
    const byFile = new Map<string, Set<string>>();
    for (const [print, item] of fresh) {
      // Outside the writable roots the command changed nothing: such a file is new here only because a new
      // include reaches it (and that include is removed), or because the user changed it meanwhile.
      if (!writable(item.real)) continue;
      if (item.problem) {
        if (renameInRoot(scope.roots, item.real, `${path.basename(item.real)}.handrail-disabled`)) {
          result.disabled.push(`${item.real} (${item.problem})`);
        } else result.unresolved.push(`${item.text}: it could not be renamed away`);
        continue;
      }
      const set = byFile.get(item.real) ?? new Set<string>();
      set.add(print);
      byFile.set(item.real, set);
    }
    for (const [file, remove] of byFile) {
      const removed = removeEntries(scope.roots, file, (entry) => remove.has(entryPrint(file, entry)));
      if (removed) result.settings.push(...removed);
      else {
        result.unresolved.push(
          `${file} changed while handrail was removing settings from it (or is no longer a regular file)`,
        );
      }
    }
    // Hooks, where git looks for them once the new settings are gone.
    const now = byFile.size > 0 && repo.gitDir ? { ...repo, read: readConfig(repo.gitDir) } : repo;
    for (const [file, stamp] of hookFiles(now)) {
      if (before.hooks.get(file) === stamp) continue;
      const dir = realOrSelf(path.dirname(file));
      if (!writable(dir)) continue;
      // A directory is no hook git can run; anything else goes (a file, a link to a program or to a
      // hooks directory elsewhere).
      if (unlinkInRoot(scope.roots, path.join(dir, path.basename(file)))) result.hooks.push(file);
    }
  }

  for (const [p, stamp] of before.watched) {
    const now = stampTree(p);
    if (now === stamp) continue;
    result.unresolved.push(`${p} changed (the user's own configuration, protected whatever the roots)`);
    // Told once per change: a later look (a service's next call) tells only a further change.
    before.watched.set(p, now);
  }
  return result;
}

/** Every repository in scope: the git directories found, `.git` links' targets, the roots' own, nested ones. */
function repositories(scope: GitScope): Repo[] {
  const candidates: string[] = [...scope.gitDirs];
  for (const link of scope.gitLinks) {
    const target = resolveDotGit(link);
    if (target) candidates.push(target);
  }
  for (const root of scope.roots) {
    if (root.access !== 'write') continue;
    const repo = findGitDir(root.path);
    if (repo) candidates.push(repo);
  }
  const seen = new Set<string>();
  const repos: Repo[] = [];
  let budget = MAX_NESTED_ENTRIES;
  const add = (dir: string) => {
    const real = realOrSelf(dir);
    if (seen.has(real) || repos.length >= MAX_REPOS || !looksLikeGitDir(real)) return;
    seen.add(real);
    repos.push({ gitDir: real, read: readConfig(real) });
    // Linked worktrees and submodules keep their git directories inside this one.
    for (const sub of ['worktrees', 'modules']) {
      const queue = [path.join(real, sub)];
      while (queue.length > 0 && budget > 0) {
        const dir = queue.shift()!;
        let entries: Dirent[];
        try {
          entries = readdirSync(dir, { withFileTypes: true });
        } catch {
          continue;
        }
        for (const entry of entries) {
          if (--budget < 0 || !entry.isDirectory()) continue;
          const child = path.join(dir, entry.name);
          if (looksLikeGitDir(child)) add(child);
          else if (sub === 'modules') queue.push(child);
        }
      }
    }
  };
  for (const dir of candidates) add(dir);
  // The user's own git configuration, when it lies in the roots (a workspace that is the home directory).
  const userConfigs = scope.absoluteProtected.flatMap((p) =>
    /(?:^|\/)\.gitconfig$|\/git$/.test(p) ? [p, path.join(p, 'config')] : [p],
  );
  const inRoots = userConfigs.filter((p) => mostSpecificRoot(p, scope.roots)?.access === 'write');
  if (inRoots.length > 0)
    repos.push({ gitDir: '', read: readGitConfigFiles(inRoots, { maxBytes: AUDIT_MAX_BYTES }) });
  return repos;
}

function readConfig(gitDir: string): GitConfigRead {
  return readGitConfigFiles(repositoryConfigFiles(gitDir), { maxBytes: AUDIT_MAX_BYTES });
}

interface HazardItem {
  real: string;
  text: string;
  problem?: string;
}

/**
 * The settings to watch in a repository, by fingerprint: those that run programs, includes of files outside
 * the writable roots (which the next command's audit could not see into) and of files outside the git
 * directory (which a later write, not audited, could fill with program-running settings); files not checked.
 */
function hazardPrints(repo: Repo, roots: readonly FileRoot[]): Map<string, HazardItem> {
  const prints = new Map<string, HazardItem>();
  for (const entry of repo.read.entries) {
    const exec = isExecEntry(entry, repo.gitDir || undefined);
    const outside =
      isInclude(entry) &&
      ((target) => !target || mostSpecificRoot(target, roots)?.access !== 'write')(includeTarget(entry));
    if (!exec && !outside && !isUnprotectedInclude(entry, repo.gitDir || undefined)) continue;
    const real = realOrSelf(entry.file);
    prints.set(entryPrint(real, entry), { real, text: describe(entry) });
  }
  for (const { file, problem } of repo.read.problems) {
    if (problem.startsWith('includes nested') || problem.startsWith('more than')) continue;
    const real = realOrSelf(file);
    prints.set(`${real}\0!${problem}\0${stamp(real)}`, { real, text: `${file}: ${problem}`, problem });
  }
  return prints;
}

function entryPrint(realFile: string, entry: GitConfigEntry): string {
  return `${realFile}\0${entry.key}\0${entry.value ?? '\u0000null'}`;
}

function describe(entry: GitConfigEntry): string {
  const value = entry.value === null ? '' : `=${Buffer.from(entry.value, 'latin1').toString('utf8')}`;
  const shown = `${Buffer.from(entry.key, 'latin1').toString('utf8')}${value}`.replace(
    /[\u0000-\u001f\u007f]/g,
    ' ',
  );
  return `${shown.length > 120 ? `${shown.slice(0, 119)}…` : shown} in ${entry.file}`;
}

/**
 * Rewrite a config file without the chosen entries, keeping every other byte (the repository still works),
 * in place (it keeps its owner and mode) and through no link (see root-edits.ts). Returns what was removed,
 * or undefined when the file could not be rewritten.
 */
function removeEntries(
  roots: readonly FileRoot[],
  file: string,
  remove: (entry: GitConfigEntry) => boolean,
): string[] | undefined {
  let gone = false;
  const removed = rewriteInRoot(roots, file, AUDIT_MAX_BYTES, (text) => {
    const chosen = parseGitConfig(text, file).entries.filter(remove);
    // Removed since they were seen (by the command itself, or an earlier look): nothing to do.
    gone = chosen.length === 0;
    if (gone) return undefined;
    let out = text;
    for (const entry of [...chosen].sort((a, b) => b.removeStart - a.removeStart)) {
      out = out.slice(0, entry.removeStart) + out.slice(entry.removeEnd);
    }
    return { text: out, value: chosen.map(describe) };
  });
  return gone ? [] : removed;
}

/** Hook files git would run (not `*.sample`), or a hooks directory that is a symbolic link, with stamps. */
function hookFiles(repo: Repo): Map<string, string> {
  const hooks = new Map<string, string>();
  if (!repo.gitDir) return hooks;
  for (const dir of hooksDirs(repo.gitDir, repo.read.entries)) {
    let linked = false;
    try {
      linked = lstatSync(dir).isSymbolicLink();
    } catch {
      continue;
    }
    if (linked) {
      hooks.set(dir, stamp(dir));
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.slice(0, MAX_HOOKS_PER_DIR)) {
      if (name.endsWith('.sample')) continue;
      const file = path.join(dir, name);
      hooks.set(file, stamp(file));
    }
  }
  return hooks;
}

/** What a `.git` link or file names. */
function linkTarget(link: string): string {
  try {
    const stat = lstatSync(link);
    if (stat.isSymbolicLink()) return `link:${readlinkSync(link)}`;
    if (stat.isFile()) return `gitdir:${readGitFile(link) ?? '?'}`;
    return stat.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}

function stamp(p: string): string {
  try {
    const s = lstatSync(p, { bigint: true });
    const link = s.isSymbolicLink() ? `>${readlinkSync(p)}` : '';
    return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.mode}${link}`;
  } catch {
    return 'missing';
  }
}

/** A path's stamp and those of what it holds (bounded). */
function stampTree(root: string): string {
  const parts: string[] = [];
  const queue = [root];
  let budget = MAX_WATCHED_ENTRIES;
  while (queue.length > 0 && budget-- > 0) {
    const p = queue.shift()!;
    const s = stamp(p);
    parts.push(`${p}=${s}`);
    if (s === 'missing') continue;
    try {
      if (!lstatSync(p).isDirectory()) continue;
      for (const name of readdirSync(p).sort()) queue.push(path.join(p, name));
    } catch {
      // unreadable: its stamp stands for it
    }
  }
  return parts.join('\n');
}

function bornBefore(dir: string, time: number): boolean {
  try {
    const s = lstatSync(dir);
    return (s.birthtimeMs > 0 ? s.birthtimeMs : s.ctimeMs) < time;
  } catch {
    return false;
  }
}

/**
 * Git directories and `.git` links below a directory the scan does not enter (a protected directory the
 * command created, like `sub/.vscode`): bounded, without following links.
 */
export function findGitIn(dir: string, budget: number): { gitDirs: string[]; gitLinks: string[] } {
  const found = { gitDirs: [] as string[], gitLinks: [] as string[] };
  const queue = [dir];
  while (queue.length > 0 && budget > 0) {
    const current = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    if (looksLikeGitDir(current)) {
      found.gitDirs.push(current);
      continue;
    }
    for (const entry of entries) {
      if (--budget < 0) break;
      const child = path.join(current, entry.name);
      if (entry.name === '.git' && !entry.isDirectory()) found.gitLinks.push(child);
      else if (entry.isDirectory()) queue.push(child);
    }
  }
  return found;
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
