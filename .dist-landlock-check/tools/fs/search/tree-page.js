import { promises as fs } from 'node:fs';
import { walk } from './walk.js';
/** Entries counted before the walk stops (the total then reads "more than"). */
const MAX_ENTRIES = 50_000;
const SUFFIX = {
    dir: '/',
    file: '',
    symlink: '@',
    fifo: '|',
    socket: '=',
    device: '',
};
/**
 * Walk a directory in listing order to `depth`, counting every entry and keeping one page: from `offset`
 * (1-based), at most `limit` entries and about `maxBytes` of text.
 */
export async function collectPage(files, dir, opts) {
    const entries = [];
    const ignoredDirs = new Set();
    const topIgnored = new Set();
    let total = 0;
    let bytes = 0;
    let full = false;
    const walkOptions = {
        files,
        signal: opts.signal,
        maxDepth: opts.depth,
        includeIgnored: opts.includeIgnored,
        maxEntries: MAX_ENTRIES,
        ordered: true,
    };
    const summary = await walk(dir, walkOptions, (entry) => {
        total++;
        if (entry.ignored) {
            if (!ignoredDirs.has(entry.rel.slice(0, Math.max(0, entry.rel.lastIndexOf('/')))))
                topIgnored.add(entry);
            if (entry.kind === 'dir')
                ignoredDirs.add(entry.rel);
        }
        if (total < opts.offset || full || entries.length >= opts.limit)
            return;
        const size = 2 * entry.depth + Buffer.byteLength(entry.name) + 12;
        if (entries.length > 0 && bytes + size > opts.maxBytes) {
            full = true;
            return;
        }
        entries.push(entry);
        bytes += size;
    });
    return { entries, total, summary, topIgnored };
}
/** The page as an indented tree under `header`; link targets are read (not followed) for the page only. */
export async function renderTree(header, page) {
    const targets = new Map();
    await Promise.all(page.entries
        .filter((entry) => entry.kind === 'symlink')
        .map(async (entry) => targets.set(entry, await fs.readlink(entry.path).catch(() => '?'))));
    const lines = [header, ...continuedAncestors(page.entries[0])];
    for (const entry of page.entries) {
        const link = targets.has(entry) ? ` -> ${targets.get(entry)}` : '';
        const mark = page.topIgnored.has(entry) ? ' (ignored)' : '';
        lines.push(`${'  '.repeat(entry.depth)}${entry.name}${SUFFIX[entry.kind]}${link}${mark}`);
    }
    return lines;
}
/** When a page starts inside a directory, repeat the directories above its first entry so it reads alone. */
function continuedAncestors(first) {
    const names = first.rel.split('/').slice(0, -1);
    return names.map((name, i) => `${'  '.repeat(i + 1)}${name}/ (continued)`);
}
//# sourceMappingURL=tree-page.js.map