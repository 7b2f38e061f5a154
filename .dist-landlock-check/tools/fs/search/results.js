/** The outcome of a capped search: partial, and the agent should narrow it rather than page through. */
export const NEEDS_NARROWING = {
    status: 'partial',
    hint: 'needs_narrowing: the results were capped; narrow the pattern, path or glob to see the rest.',
};
/** Paths as the model sees them, one a line, at most `limit` and about `maxBytes` (at least one). */
export function listPaths(files, found, limit, maxBytes) {
    const lines = [];
    let bytes = 0;
    for (const file of found.slice(0, limit)) {
        const shown = files.display(file.path);
        const size = Buffer.byteLength(shown) + 1;
        if (lines.length > 0 && bytes + size > maxBytes)
            break;
        lines.push(shown);
        bytes += size;
    }
    return lines;
}
/** Lines, a blank line and the footer that says what was left out; partial, marked for narrowing. */
export function cappedResult(lines, footer, details) {
    return {
        content: [...lines, '', footer].join('\n'),
        details: { ...details, truncated: true, needsNarrowing: true },
        outcome: NEEDS_NARROWING,
    };
}
//# sourceMappingURL=results.js.map