import { lstatSync } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { byCodeUnit } from './format.js';
/** lstat calls made between yields to the event loop (each takes a few microseconds). */
const STATS_PER_SLICE = 1000;
/**
 * Attach each path's modification time (lstat: links are not followed); paths gone meanwhile are dropped.
 * Synchronous lstat in slices: for thousands of paths it is several times faster than promise-based stat
 * through the thread pool, and yielding between slices keeps the event loop responsive.
 */
export async function withMtimes(items, signal) {
    const dated = [];
    for (let start = 0; start < items.length; start += STATS_PER_SLICE) {
        if (start > 0)
            await yieldToLoop();
        signal?.throwIfAborted();
        for (const item of items.slice(start, start + STATS_PER_SLICE)) {
            const stat = lstatSync(item.path, { throwIfNoEntry: false });
            if (stat)
                dated.push({ ...item, mtimeMs: stat.mtimeMs });
        }
    }
    return dated;
}
/** Newest first; equal times by path, so the order never depends on how the search ran. */
export function newestFirst(a, b) {
    return b.mtimeMs - a.mtimeMs || byCodeUnit(a.path, b.path);
}
//# sourceMappingURL=mtime.js.map