import type { FileRoot } from '../file-policy-types.js';
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
export declare function scanPolicyPaths(input: ScanInput): Promise<ScanResult>;
/** The root a path belongs to: the most specific one (a read-only root nested in a writable one wins). */
export declare function mostSpecificRoot(p: string, roots: readonly FileRoot[]): FileRoot | undefined;
/**
 * Top-level names the protected globs forbid creating in a writable root (`**\/.envrc` → `.envrc`,
 * `**\/.vscode/**` → `.vscode`): the sandbox holds the missing ones with read-only placeholders. Shell
 * startup files only count in a home directory, the one place a shell reads them from.
 */
export declare function placeholderNames(globs: readonly string[], root: string): string[];
