import type { OutputPolicy } from '../../types/index.js';
/**
 * The output policy of a tool that already bounds its own page: projection must never cut a page in the
 * middle, so the limit leaves room for the page and its notes.
 */
export declare function pagedOutputPolicy(pageBytes: number, extra?: OutputPolicy): OutputPolicy;
