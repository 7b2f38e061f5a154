import ignore from 'ignore';
import { type FileAccess } from '../../../sandbox/index.js';
type Ignore = ignore.Ignore;
/** The ignore files ripgrep reads in each directory, highest precedence first. */
export declare const IGNORE_FILE_NAMES: readonly [".rgignore", ".ignore", ".gitignore"];
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
/** Whether `canonical` (below `level.dir`) is ignored. Directories are matched as directories. */
export declare function isIgnored(level: IgnoreLevel | undefined, canonical: string, isDir: boolean): boolean;
/** What a directory listing says about the ignore files present in it. */
export interface IgnorePresence {
    files: Set<string>;
    /** `.git` exists (a directory, or a file for worktrees and submodules). */
    hasGit: boolean;
    /** `.git` is a directory, so `.git/info/exclude` can be read. */
    gitDir: boolean;
}
/** Build a directory's level from what its listing showed; unreadable or oversized files count as absent. */
export declare function loadLevel(files: FileAccess, dir: string, parent: IgnoreLevel | undefined, presence: IgnorePresence): Promise<IgnoreLevel>;
/**
 * The levels above a search's start directory, outermost first, as far up as the file policy lets us read
 * (ripgrep reads parent ignore files too; the two agree unless ignore files sit above the readable roots).
 */
export declare function ancestorLevels(files: FileAccess, start: string): Promise<IgnoreLevel | undefined>;
/** The ignore files present in a directory we did not list (an ancestor of the start). */
export declare function presenceByStat(dir: string): Promise<IgnorePresence>;
/**
 * Whether `dir` lies in a git repository: it or a readable ancestor holds `.git`. ripgrep then runs with
 * its default "ignore rules need a repository" mode, which every ripgrep version reads the same way;
 * outside a repository it runs with --no-require-git so .gitignore files still count.
 */
export declare function insideRepository(files: FileAccess, dir: string): Promise<boolean>;
export {};
