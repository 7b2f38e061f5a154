/** The runtime's default model-visible bound, which a paged tool never goes below. */
const DEFAULT_VISIBLE_BYTES = 32 * 1024;
/** Room for a page's own notes (continuation hints, counts) on top of the page. */
const NOTES_BYTES = 2048;
/**
 * The output policy of a tool that already bounds its own page: projection must never cut a page in the
 * middle, so the limit leaves room for the page and its notes.
 */
export function pagedOutputPolicy(pageBytes, extra = {}) {
    return { ...extra, maxBytes: Math.max(DEFAULT_VISIBLE_BYTES, pageBytes + NOTES_BYTES) };
}
//# sourceMappingURL=output-policy.js.map