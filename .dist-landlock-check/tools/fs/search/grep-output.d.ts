import type { FileAccess } from '../../../sandbox/index.js';
import type { ToolReturn } from '../../../types/index.js';
import type { GrepEngine, GrepQuery, MatchCount } from './engine.js';
import type { Dated } from './mtime.js';
/** What both output modes need to know about the first pass. */
export interface Found {
    /** Matching files, newest first. */
    files: Dated<MatchCount>[];
    /** Matching lines in all of them. */
    matches: number;
    /** False when the first pass stopped at a cap. */
    complete: boolean;
    details: Record<string, unknown>;
}
/** files mode: the paths, newest first. */
export declare function filesResult(files: FileAccess, found: Found, limit: number, maxBytes: number): ToolReturn;
/** content mode: the second pass prints the newest files' matches until the collector has enough. */
export declare function contentResult(engine: GrepEngine, query: GrepQuery, found: Found, opts: {
    limit: number;
    context: number;
    maxLineChars: number;
    maxBytes: number;
}): Promise<ToolReturn>;
/** Nothing matched: where we looked, what was skipped, and the likeliest fix. */
export declare function noMatches(files: FileAccess, args: {
    pattern: string;
    include?: string;
    case_insensitive?: boolean;
}, target: string, complete: boolean): string;
