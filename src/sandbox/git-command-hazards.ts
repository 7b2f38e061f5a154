// What a git command line would run that the line does not say: the repository it would use (found the way
// git finds it, after the line's `cd`s and git's own -C/--git-dir/--bare), that repository's program-running
// settings and those of its checked-out submodules, settings and variables given on the line, and — for
// lines that can print what git stores — deny-read paths the repository holds. Split from git-config.ts,
// which reads configuration; this module judges command lines against it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  configHazards,
  describeEntry,
  expandHome,
  findRepository,
  type GitConfigRead,
  hooksDirs,
  isDir,
  isExecEntry,
  isGitDir,
  plain,
  readGitConfigFiles,
  readGitFile,
  repositoryConfigFiles,
  resolveDotGit,
} from './git-config.js';
import { indexGitlinks, SPARSE_DIRECTORY, scanIndex, TYPE_MASK } from './git-index.js';

/** Variables that make git run a program or read config from elsewhere, when a command line sets them. */
const PROGRAM_ENV = new Set([
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_PAGER',
  'PAGER',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_EXTERNAL_DIFF',
  'GIT_PROXY_COMMAND',
  'GIT_EXEC_PATH',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
  'GIT_TEMPLATE_DIR',
  'GIT_ALLOW_PROTOCOL',
]);

/** Global options of git that take a value (in the next word unless written `--name=value`). */
const VALUE_OPTIONS = new Set([
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--attr-source',
  '--config-env',
  '--list-cmds',
]);

export interface GitCommandHazardOptions {
  /** The system config the sandbox shows (default `/etc/gitconfig`); false to leave it out. */
  systemConfig?: string | false;
  /**
   * The turn's deny-read rules, for the git commands that can print what a repository stores: the sandbox
   * hides a denied file, not its copy in git's objects, so a repository that tracks a denied path (in its
   * index) is a hazard for them — and, with `rules`, any repository (its history may hold one).
   */
  storedContent?: StoredContentCheck;
}

export interface StoredContentCheck {
  /** The deny-read rule covering an absolute path, or undefined. */
  deniedBy(path: string): string | undefined;
  /** Whether git with these words (the subcommand and its arguments) can print stored file contents. */
  prints(subcommand: readonly string[]): boolean;
  /**
   * The owner's deny-read rules. With any, a printing git command is a hazard even when the index tracks no
   * denied path: a secret committed once and untracked since is still in the history (reading every commit
   * to prove otherwise is not a check to run before each command).
   */
  rules?: readonly string[];
}

/** Directories a line's `cd`s can lead to that are checked; past this the line is not judged safe. */
const MAX_PLACES = 32;
/** Repositories checked for one line: the ones its git commands use and their submodules, nested. */
const MAX_REPOSITORIES = 128;
/** Submodules inside submodules followed. */
const MAX_SUBMODULE_DEPTH = 8;

/** A word bash still expands when it runs (a variable, a substitution, a glob, braces, a tilde). */
const RUN_TIME = /[$`*?[\]{}~]/;

/**
 * For each argv whose program is git (by basename, after leading `NAME=value` words): the repository it would
 * use — from the working directory or any directory a `cd` of the line leads to, moved by each `-C <dir>` in
 * turn, or `--git-dir`, or the directory itself with `--bare` — and that repository's program-running
 * settings, with those of the submodules and embedded repositories its index records (git status and diff
 * run git in them), the system config's, those set with `-c`/`--config-env`, those in config files named by
 * `GIT_CONFIG_*` and program variables set on the command line. A directory known only at run time is a
 * hazard too: what it holds cannot be checked. Empty when none of them run anything. Synchronous, no
 * subprocess, bounded reads.
 */
export function gitCommandHazards(
  workdir: string,
  commands: readonly (readonly string[])[],
  opts: GitCommandHazardOptions = {},
): string[] {
  const gits = commands.map(gitArgv).filter((g): g is GitArgv => g !== undefined);
  if (gits.length === 0) return [];
  const places = placesGitMayRun(path.resolve(workdir), commands);
  const hazards: string[] = [...places.problems];
  if (opts.systemConfig !== false)
    hazards.push(...configHazards(readGitConfigFiles([opts.systemConfig ?? '/etc/gitconfig'])));
  const checked = new RepositoryCheck(hazards, opts.storedContent);
  for (const { env, args } of gits) {
    for (const [name, value] of Object.entries(env)) {
      if (PROGRAM_ENV.has(name) || /^GIT_CONFIG_(KEY|VALUE)_\d+$/.test(name))
        hazards.push(`git runs with ${name}=${value}`);
    }
    for (const start of places.dirs) {
      let dir = start;
      let gitDirArg = env.GIT_DIR;
      let bare = false;
      let i = 0;
      for (; i < args.length; i++) {
        const word = args[i]!;
        if (!word.startsWith('-') || word === '-' || word === '--') break;
        const eq = word.indexOf('=');
        const name = word.startsWith('--') && eq > 0 ? word.slice(0, eq) : word;
        const attached = word.startsWith('--') && eq > 0 ? word.slice(eq + 1) : undefined;
        if (word === '-C') {
          const target = args[++i];
          if (target === undefined) continue;
          if (RUN_TIME.test(target)) hazards.push(`git -C ${target}: a directory known only at run time`);
          else dir = path.resolve(dir, target);
        } else if (word === '-c' || word.startsWith('-c')) {
          const setting = word === '-c' ? args[++i] : word.slice(2);
          if (setting !== undefined) hazards.push(...commandLineSetting(setting));
        } else if (name === '--exec-path' && attached !== undefined) {
          hazards.push(`git --exec-path=${attached} runs git programs from there`);
        } else if (word === '--bare') {
          bare = true;
        } else if (VALUE_OPTIONS.has(name)) {
          const value = attached ?? args[++i];
          if (value === undefined) continue;
          if (name === '--git-dir') gitDirArg = value;
          if (name === '--config-env') {
            const key = value.slice(0, value.lastIndexOf('='));
            if (key) hazards.push(...commandLineSetting(`${key}=$${value.slice(key.length + 1)}`, true));
          }
        }
      }
      for (const name of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG']) {
        const file = env[name];
        if (file) hazards.push(...configHazards(readGitConfigFiles([path.resolve(dir, file)])));
      }
      const prints = opts.storedContent?.prints(args.slice(i)) ?? false;
      if (gitDirArg) {
        const given = path.resolve(dir, gitDirArg);
        checked.repository(isDir(given) ? given : (readGitFile(given) ?? given), dir, prints);
      } else if (bare) {
        // `--bare` makes the working directory the git directory, even beside a `.git`.
        checked.repository(dir, undefined, prints);
      } else {
        const found = findRepository(dir);
        if (found) checked.repository(found.gitDir, found.workTree, prints);
      }
    }
  }
  return [...new Set(hazards)];
}

interface GitArgv {
  /** `NAME=value` words before the program. */
  env: Record<string, string>;
  /** The words after `git`. */
  args: readonly string[];
}

/** The argv as a git command, or undefined when its program is not git. */
function gitArgv(argv: readonly string[]): GitArgv | undefined {
  const { env, rest } = splitAssignments(argv);
  const program = rest[0];
  if (program === undefined || path.basename(program) !== 'git') return undefined;
  return { env, args: rest.slice(1) };
}

function splitAssignments(argv: readonly string[]): { env: Record<string, string>; rest: readonly string[] } {
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < argv.length; i++) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(argv[i]!);
    if (!match) break;
    env[match[1]!] = match[2]!;
  }
  return { env, rest: argv.slice(i) };
}

/**
 * Where the line's git commands may run: the working directory and every directory its `cd`s can lead to.
 * The order of a line's commands is not its order of execution (a loop, a subshell, a `cd` that fails), so
 * every `cd` is applied from every place found, until nothing new comes. A `cd` to a directory known only at
 * run time (a variable, a glob, `~`, `-`, none at all: HOME) is a problem: git may run anywhere.
 */
function placesGitMayRun(
  workdir: string,
  commands: readonly (readonly string[])[],
): {
  dirs: string[];
  problems: string[];
} {
  const targets: string[] = [];
  const problems: string[] = [];
  for (const argv of commands) {
    const { rest } = splitAssignments(argv);
    if (rest[0] !== 'cd') continue;
    let i = 1;
    // -L, -P, -e, -@
    for (; i < rest.length && rest[i]!.startsWith('-') && rest[i] !== '-'; i++) {
      if (rest[i] === '--') {
        i++;
        break;
      }
    }
    const target = rest[i];
    if (target === undefined || target === '-' || RUN_TIME.test(target))
      problems.push(
        `git may run after cd ${target ?? ''} in a directory known only at run time`.replace('  ', ' '),
      );
    else targets.push(target);
  }
  const dirs = new Set([workdir]);
  for (let round = 0; round < targets.length; round++) {
    const before = dirs.size;
    for (const target of targets) {
      for (const dir of [...dirs]) dirs.add(path.resolve(dir, target));
    }
    if (dirs.size > MAX_PLACES) {
      problems.push(`git may run in more directories than handrail checks (the line's cd commands)`);
      break;
    }
    if (dirs.size === before) break;
  }
  return { dirs: [...dirs].slice(0, MAX_PLACES), problems };
}

/**
 * Checks repositories once each, with the submodules and embedded repositories their index records; for a
 * command that prints stored contents, also what they track against the turn's deny-read rules.
 */
class RepositoryCheck {
  private readonly seen = new Set<string>();
  private readonly trackedSeen = new Set<string>();

  constructor(
    private readonly hazards: string[],
    private readonly storedContent: StoredContentCheck | undefined,
  ) {}

  repository(gitDir: string, workTree: string | undefined, prints: boolean, depth = 0): void {
    const checkTracked = prints && this.storedContent !== undefined && !this.trackedSeen.has(gitDir);
    if (this.seen.has(gitDir) && !checkTracked) return;
    if (!this.seen.has(gitDir) && this.seen.size >= MAX_REPOSITORIES) {
      this.hazards.push(`more repositories than handrail checks (${MAX_REPOSITORIES}), with submodules`);
      return;
    }
    const first = !this.seen.has(gitDir);
    this.seen.add(gitDir);
    const read = readGitConfigFiles(repositoryConfigFiles(gitDir));
    if (first)
      this.hazards.push(
        ...configHazards(read, gitDir),
        ...readHazards(read),
        ...activeIndexHooks(gitDir, read),
      );
    const top = configuredWorkTree(gitDir, read) ?? workTree;
    const sha256 = read.entries.some(
      (e) => e.key === 'extensions.objectformat' && e.value?.trim().toLowerCase() === 'sha256',
    );
    const hashBytes = sha256 ? 32 : 20;
    if (checkTracked) {
      this.trackedSeen.add(gitDir);
      const check = this.storedContent!;
      const denied = trackedDenied(gitDir, top ?? path.dirname(gitDir), hashBytes, check);
      if (denied) this.hazards.push(denied);
      else if (check.rules && check.rules.length > 0)
        this.hazards.push(
          `deny-read rules are set (${check.rules.slice(0, 3).join(', ')}${check.rules.length > 3 ? ', …' : ''}) and this git command can print files from the repository's history, where they do not reach`,
        );
    }
    if (!top) return;
    const links = indexGitlinks(gitDir, hashBytes);
    if (links.problem && first) this.hazards.push(`its submodules could not be checked (${links.problem})`);
    for (const link of links.paths) {
      const subTop = path.join(top, link);
      const subGitDir = resolveDotGit(path.join(subTop, '.git'));
      // git looks only into submodules that are checked out, with a .git of their own.
      if (!subGitDir || !isGitDir(subGitDir)) continue;
      if (depth >= MAX_SUBMODULE_DEPTH) {
        this.hazards.push(`submodules nested deeper than handrail checks (${MAX_SUBMODULE_DEPTH}) in ${top}`);
        return;
      }
      this.repository(subGitDir, subTop, prints, depth + 1);
    }
  }
}

/**
 * The first path a repository's index tracks that the deny-read rules cover, as a hazard: git keeps its
 * content in the object store, which the sandbox cannot hide without breaking git. An index that cannot be
 * read completely, or a sparse one (the paths below its directory entries are not listed), is a hazard too.
 */
function trackedDenied(
  gitDir: string,
  top: string,
  hashBytes: 20 | 32,
  check: StoredContentCheck,
): string | undefined {
  let found: string | undefined;
  const scan = scanIndex(gitDir, hashBytes, (name, mode) => {
    const rule = check.deniedBy(path.join(top, name));
    if (rule !== undefined) {
      found = `the repository tracks ${plain(name)}, which denyRead covers ("${plain(rule)}"); git could print it from history`;
      return true;
    }
    if ((mode & TYPE_MASK) === SPARSE_DIRECTORY) {
      found = `the repository's index is sparse: what it tracks below ${plain(name)} cannot be checked against denyRead`;
      return true;
    }
    return false;
  });
  if (found) return found;
  if (scan.problem)
    return `what the repository tracks could not be checked against denyRead (${scan.problem})`;
  return undefined;
}

/** `core.worktree`, where a repository's work tree is elsewhere (a submodule's git directory names it). */
function configuredWorkTree(gitDir: string, read: GitConfigRead): string | undefined {
  const entry = read.entries.filter((e) => e.key === 'core.worktree' && e.value?.trim()).pop();
  return entry?.value ? path.resolve(gitDir, expandHome(entry.value.trim())) : undefined;
}

/**
 * Settings that make git's read-only commands start a program other than git without naming one: gpg, to
 * verify signatures (`log.showSignature`, and formats with `%G…` or `%(signature…)` placeholders).
 */
function readHazards(read: GitConfigRead): string[] {
  return read.entries
    .filter((entry) => {
      if (entry.key === 'log.showsignature')
        return entry.value === null || /^(true|yes|on|1)$/i.test(entry.value.trim());
      const format =
        entry.key === 'format.pretty' || (entry.section === 'pretty' && entry.subsection === undefined);
      return format && /%G|%\(signature/.test(entry.value ?? '');
    })
    .map((entry) => `${describeEntry(entry)} (git runs gpg to verify signatures)`);
}

/** A `-c name=value` of git's command line, when it runs a program. */
function commandLineSetting(setting: string, fromEnv = false): string[] {
  const eq = setting.indexOf('=');
  const key = (eq < 0 ? setting : setting.slice(0, eq)).trim();
  const value = eq < 0 ? null : setting.slice(eq + 1);
  const firstDot = key.indexOf('.');
  const lastDot = key.lastIndexOf('.');
  if (firstDot < 0) return [];
  const entry = {
    section: key.slice(0, firstDot).toLowerCase(),
    subsection: lastDot > firstDot ? key.slice(firstDot + 1, lastDot) : undefined,
    name: key.slice(lastDot + 1).toLowerCase(),
    // A value from the environment is unknown here: assume the worst.
    value: fromEnv ? 'unknown' : value,
  };
  if (isExecEntry(entry) || (fromEnv && isExecEntry({ ...entry, value: '!x' })))
    return [`git ${fromEnv ? '--config-env' : '-c'} ${setting}`];
  return [];
}

/** git status and other read-only commands rewrite the index, which runs the post-index-change hook. */
function activeIndexHooks(gitDir: string, read: GitConfigRead): string[] {
  const out: string[] = [];
  for (const dir of hooksDirs(gitDir, read.entries)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    if (names.includes('post-index-change')) out.push(`an active post-index-change hook in ${dir}`);
  }
  return out;
}
