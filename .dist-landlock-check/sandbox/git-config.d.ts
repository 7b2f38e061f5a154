/**
 * git's configuration, read the way git reads it, for one question: which settings make git run a program
 * (or write outside its work tree) when the user next runs git on the host. A repository a sandboxed command
 * created or changed must not carry such settings out of the sandbox, and a `safe` git command is not safe
 * in a repository that has them. No subprocess: a hand-written reader of git's ini format (sections,
 * subsections, quoting, escapes, continuations, comments, includes), with bounded reads.
 */
/** One `name = value` line (or lines, with continuations) of a config file. */
export interface GitConfigEntry {
    /** `section.subsection.name`: section and name lower-cased, the subsection as written (`diff.Foo.textconv`). */
    key: string;
    section: string;
    subsection: string | undefined;
    name: string;
    /** The value as git sees it; null for a bare `name` (boolean true). */
    value: string | null;
    file: string;
    /** 1-based line the entry starts on. */
    line: number;
    /** What removing the entry removes from the file's text (latin1 offsets): whole lines where it has them. */
    removeStart: number;
    removeEnd: number;
}
export interface ParsedGitConfig {
    entries: GitConfigEntry[];
    /** Where git would stop with "bad config line": entries after it were not read. */
    error?: {
        line: number;
    };
}
/** Largest config file read (git has no limit; a larger one is reported as unchecked). */
export declare const MAX_CONFIG_BYTES: number;
/** git's own limit on nested includes. */
export declare const MAX_INCLUDE_DEPTH = 10;
/**
 * Parse a config file's text (decoded as latin1, so offsets are byte offsets and rewriting keeps every
 * byte). Mirrors git's config.c: `[section]`, `[section "sub"]`, `[section.sub]`, an entry after a header on
 * the same line, `name` without a value, quotes, `\\` `\"` `\n` `\t` `\b` escapes, backslash-newline
 * continuations, `#` and `;` comments, CRLF, a UTF-8 byte order mark.
 */
export declare function parseGitConfig(text: string, file?: string): ParsedGitConfig;
/**
 * Whether a config entry makes git run a program it names, write outside its repository, or reach a
 * transport that runs commands. `gitDir` places `core.worktree` (relative to the git directory).
 */
export declare function isExecEntry(entry: Pick<GitConfigEntry, 'section' | 'subsection' | 'name' | 'value'>, gitDir?: string): boolean;
/** An include directive: `include.path`, `includeIf.<condition>.path`. */
export declare function isInclude(entry: Pick<GitConfigEntry, 'section' | 'subsection' | 'name'>): boolean;
/** Where an include directive points: `~/` is git's HOME, a relative path is relative to the including file. */
export declare function includeTarget(entry: Pick<GitConfigEntry, 'value' | 'file'>): string | undefined;
/** A small file read without blocking (a FIFO is not read), or undefined; `tooLarge` past the cap. */
export declare function readSmallFile(file: string, maxBytes: number): {
    text: string;
} | {
    tooLarge: true;
} | undefined;
export interface GitConfigRead {
    /** Every entry of the files read, includes followed (in no particular order). */
    entries: GitConfigEntry[];
    /** Files read (the ones that exist), the given ones first. */
    files: string[];
    /** Files handrail could not check completely: `{ file, problem }`. */
    problems: {
        file: string;
        problem: string;
    }[];
}
export interface ReadOptions {
    /** Bytes read per file (default MAX_CONFIG_BYTES). */
    maxBytes?: number;
}
/**
 * Read config files and every file they include (`include.path`, and `includeIf.*.path` whatever the
 * condition), to git's depth limit. Missing files are skipped, as git skips them.
 */
export declare function readGitConfigFiles(files: readonly string[], opts?: ReadOptions): GitConfigRead;
/** The common directory of a linked worktree's git directory (its `commondir` file), else the directory itself. */
export declare function gitCommonDir(gitDir: string): string;
/** Whether git would take a directory for a git directory (HEAD, objects/ and refs/, maybe via commondir). */
export declare function isGitDir(dir: string): boolean;
/**
 * What looks like a git directory, more loosely than git (HEAD and objects/, or HEAD and commondir): for
 * finding repositories a command made, where a near miss is better reported than passed over.
 */
export declare function looksLikeGitDir(dir: string): boolean;
/** The target of a `.git` file (`gitdir: <path>`, relative to the file), or undefined. */
export declare function readGitFile(file: string): string | undefined;
/**
 * What a `.git` entry names: a directory (or a symbolic link to one) is itself, a file its `gitdir:` target.
 * Undefined when there is no `.git` there.
 */
export declare function resolveDotGit(dotGit: string): string | undefined;
/**
 * The git directory governing `dir`, found as git finds it: walking up, at each level a `.git` directory, a
 * `.git` symbolic link or a `.git` file with `gitdir: <path>`, then the directory itself as a bare
 * repository; stopping at the file-system root. Undefined outside any repository (or where git would stop
 * with an error: a `.git` file that names no repository).
 */
export declare function findGitDir(dir: string): string | undefined;
/** The config files git reads for a repository: the common `config` and this worktree's `config.worktree`. */
export declare function repositoryConfigFiles(gitDir: string): string[];
/** What a hazard looks like in a message: `core.fsmonitor=touch /tmp/x in /repo/.git/config`. */
export declare function describeEntry(entry: GitConfigEntry): string;
/** The program-running entries (and unreadable files) of config files read with their includes. */
export declare function configHazards(read: GitConfigRead, gitDir?: string): string[];
/**
 * Every setting in a repository's config (with its includes, and `config.worktree`) that makes git run a
 * program: `core.fsmonitor=… in /repo/.git/config`, one line each. Also files that could not be checked.
 */
export declare function gitExecHazards(gitDir: string): string[];
export interface GitCommandHazardOptions {
    /** The system config the sandbox shows (default `/etc/gitconfig`); false to leave it out. */
    systemConfig?: string | false;
}
/**
 * For each argv whose program is git (by basename, after leading `NAME=value` words): the repository it would
 * use — the working directory moved by each `-C <dir>` in turn, or `--git-dir` — and that repository's
 * program-running settings, with the system config's, those set with `-c`/`--config-env`, those in config
 * files named by `GIT_CONFIG_*` and program variables set on the command line. Empty when none of them run
 * anything. Synchronous, no subprocess, bounded reads.
 */
export declare function gitCommandHazards(workdir: string, commands: readonly (readonly string[])[], opts?: GitCommandHazardOptions): string[];
/**
 * The directories git may run hooks from: `<common dir>/hooks`, and what `core.hooksPath` names (relative to
 * where hooks run: the work tree, or the git directory of a bare repository — both are given).
 */
export declare function hooksDirs(gitDir: string, entries: readonly GitConfigEntry[]): string[];
