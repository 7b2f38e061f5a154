/**
 * What the policy walk (scan.ts) found in each directory, kept for the next walk with the same rules: a
 * directory whose entries have not changed gives the same result, so only the directories that changed
 * since are read again. Each command walks the roots twice (before, and for the audit after), and most of a
 * workspace does not change between two commands.
 *
 * A directory's entries cannot change without its change time (ctime) changing: creating, removing or
 * renaming an entry updates it, and no program can set it (utimes sets mtime, and moves ctime to now). So
 * a directory is reused only when device, inode, ctime, mtime, size and link count are what they were when
 * it was read. File systems stamp times from a coarse clock, so a change in the same tick as the read
 * could leave the stamp as it was: a directory that changed within TRUST_AFTER_MS of its read is not
 * trusted and is read again next time (as git treats a racily clean index).
 */
/** A directory's stamp, and whether a later change is sure to show in it. */
export interface DirStamp {
    key: string;
    /** Stamped at least TRUST_AFTER_MS after its last change: a later change will show in the stamp. */
    settled: boolean;
}
/** The stamp of a directory (following a symbolic link, as reading it does), or undefined. */
export declare function dirStamp(dir: string): DirStamp | undefined;
/** One walk's view of the cache: what the last walk kept, and what this one keeps for the next. */
export interface WalkSession<T> {
    /** The result kept for this directory, if it has not changed since. */
    reuse(key: string, stamp: DirStamp | undefined): T | undefined;
    /** Keep a directory's result for the next walk (not when it changed too recently to trust its stamp). */
    keep(key: string, stamp: DirStamp | undefined, value: T): void;
    /** The walk is over: what it kept replaces what the last one kept (directories gone are forgotten). */
    finish(): void;
}
/** Start a walk under a set of rules (`config` names them all: roots, globs, protected paths). */
export declare function walkSession<T>(config: string): WalkSession<T>;
