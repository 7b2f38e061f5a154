/** Matching files one search collects before it stops (their mtimes are then sorted). */
export const MAX_MATCHING_FILES = 50_000;
/** Run `fn` over items with at most `limit` at once; `fn` resolving to false stops new ones from starting. */
export async function eachLimit(items, limit, fn) {
    let next = 0;
    let stop = false;
    const worker = async () => {
        while (!stop && next < items.length) {
            const item = items[next++];
            if ((await fn(item)) === false)
                stop = true;
        }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
//# sourceMappingURL=engine.js.map