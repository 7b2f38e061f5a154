import type { FileRoot } from '../file-policy-types.js';
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
export declare function snapshotGit(scope: GitScope): GitSnapshot;
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
/** After the command: remove what it added that makes git run programs (see GitSnapshot). */
export declare function auditGit(scope: GitScope, before: GitSnapshot): GitAuditResult;
/**
 * Git directories and `.git` links below a directory the scan does not enter (a protected directory the
 * command created, like `sub/.vscode`): bounded, without following links.
 */
export declare function findGitIn(dir: string, budget: number): {
    gitDirs: string[];
    gitLinks: string[];
};
