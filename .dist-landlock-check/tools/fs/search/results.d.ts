import type { FileAccess } from '../../../sandbox/index.js';
import type { ToolReturn } from '../../../types/index.js';
/** The outcome of a capped search: partial, and the agent should narrow it rather than page through. */
export declare const NEEDS_NARROWING: {
    readonly status: "partial";
    readonly hint: "needs_narrowing: the results were capped; narrow the pattern, path or glob to see the rest.";
};
/** Paths as the model sees them, one a line, at most `limit` and about `maxBytes` (at least one). */
export declare function listPaths(files: FileAccess, found: Array<{
    path: string;
}>, limit: number, maxBytes: number): string[];
/** Lines, a blank line and the footer that says what was left out; partial, marked for narrowing. */
export declare function cappedResult(lines: string[], footer: string, details: Record<string, unknown>): ToolReturn;
