import type { Stats } from 'node:fs';
/** What a turn last saw of a file. */
export interface SeenVersion {
    ino: number;
    size: number;
    mtimeMs: number;
}
/**
 * The versions of files a turn has read or written, so an edit can refuse a file that changed on disk
 * since the model last saw it (another process, the user, a parallel turn) instead of silently
 * overwriting their change.
 */
export declare class FileVersions {
    private readonly seen;
    record(canonicalPath: string, stat: Stats): void;
    forget(canonicalPath: string): void;
    /** Undefined when unchanged or never seen; otherwise what changed, in words. */
    changedSince(canonicalPath: string, now: Stats | undefined): string | undefined;
}
/**
 * Per-file mutual exclusion shared by every turn of a runtime: parallel edits of one file run one after
 * another, each on the result of the last, so no update is lost. Entries are removed when idle.
 */
export declare class FileLocks {
    private readonly tails;
    withLock<T>(canonicalPath: string, fn: () => Promise<T>): Promise<T>;
    /** Lock several paths in a fixed order (no deadlock between two multi-file patches). */
    withLocks<T>(canonicalPaths: string[], fn: () => Promise<T>): Promise<T>;
}
