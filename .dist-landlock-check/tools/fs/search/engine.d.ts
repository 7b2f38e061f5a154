import type { FileAccess } from '../../../sandbox/index.js';
import type { ContentRecord } from './content.js';
import type { PathGlob } from './glob.js';
/** Matching files one search collects before it stops (their mtimes are then sorted). */
export declare const MAX_MATCHING_FILES = 50000;
/** One grep_files search, as both implementations receive it. */
export interface GrepQuery {
    files: FileAccess;
    /** Canonical directory searched (for a single file: its directory). */
    dir: string;
    /** Canonical path of the one file searched, when `path` named a file. */
    file?: string;
    /** The normalized Rust pattern (see regex.ts). */
    pattern: string;
    ignoreCase: boolean;
    /** Matched against paths relative to `dir`. */
    include?: PathGlob;
    signal: AbortSignal;
}
export interface MatchCount {
    /** Canonical path. */
    path: string;
    /** Matching lines. */
    count: number;
}
export interface CountResult {
    files: MatchCount[];
    /** False when a cap stopped the search early (more files may match). */
    complete: boolean;
}
/**
 * A search implementation. Both run in two passes: `count` finds every matching file with its number of
 * matching lines (binary files skipped); the tool orders them newest first, then `content` prints the
 * matches and context of the first few files, in that order, until the sink has enough.
 */
export interface GrepEngine {
    readonly name: 'ripgrep' | 'javascript';
    count(query: GrepQuery): Promise<CountResult>;
    /** `maxMatches`: no file needs more matches than this printed (the sink stops earlier). */
    content(query: GrepQuery, paths: string[], opts: {
        context: number;
        maxMatches: number;
    }, sink: (record: ContentRecord) => boolean): Promise<void>;
}
/** Run `fn` over items with at most `limit` at once; `fn` resolving to false stops new ones from starting. */
export declare function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void>;
