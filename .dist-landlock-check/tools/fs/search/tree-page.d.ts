import type { FileAccess } from '../../../sandbox/index.js';
import { type WalkEntry, type WalkSummary } from './walk.js';
export interface TreePage {
    /** The entries from `offset` on, in listing order. */
    entries: WalkEntry[];
    /** Entries in the whole listing (up to the walk's cap). */
    total: number;
    summary: WalkSummary;
    /** Ignored entries whose parent is not ignored: the ones marked "(ignored)". */
    topIgnored: Set<WalkEntry>;
}
/**
 * Walk a directory in listing order to `depth`, counting every entry and keeping one page: from `offset`
 * (1-based), at most `limit` entries and about `maxBytes` of text.
 */
export declare function collectPage(files: FileAccess, dir: string, opts: {
    depth: number;
    offset: number;
    limit: number;
    maxBytes: number;
    includeIgnored: boolean;
    signal: AbortSignal;
}): Promise<TreePage>;
/** The page as an indented tree under `header`; link targets are read (not followed) for the page only. */
export declare function renderTree(header: string, page: TreePage): Promise<string[]>;
