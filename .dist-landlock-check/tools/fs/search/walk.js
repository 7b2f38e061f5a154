import { byCodeUnit } from './format.js';
import { ancestorLevels, IGNORE_FILE_NAMES, isIgnored, loadLevel, } from './ignore-rules.js';
import { readDirVerified } from './read-dir.js';
/**
 * Walk a checked directory: never follows symbolic links (they are visited as entries, not entered), never
 * enters `.git`, skips what the file policy will not let us read, and applies ignore files the way ripgrep
 * does (see ignore-rules.ts). Bounded by `maxEntries`.
 */
export async function walk(start, opts, visit) {
    const summary = { visited: 0, capped: false, ignored: 0, unreadable: 0 };
    const maxDepth = opts.maxDepth ?? Number.POSITIVE_INFINITY;
    const root = { path: start, rel: '', name: '', depth: 0, kind: 'dir', ignored: false };
    const top = await expand(root, await ancestorLevels(opts.files, start), opts, summary);
    const enter = (entry) => entry.kind === 'dir' && entry.depth < maxDepth && (opts.descend?.(entry) ?? true);
    const take = (entry) => {
        if (summary.visited >= opts.maxEntries) {
            summary.capped = true;
            return false;
        }
        summary.visited++;
        visit(entry);
        return true;
    };
    if (opts.ordered) {
        const stack = top.children.reverse().map((entry) => ({ entry, level: top.level }));
        while (stack.length > 0 && !summary.capped) {
            const { entry, level } = stack.pop();
            if (!take(entry))
                break;
            if (!enter(entry))
                continue;
            const next = await expandChild(entry, level, opts, summary);
            if (next)
                for (const child of next.children.reverse())
                    stack.push({ entry: child, level: next.level });
        }
        return summary;
    }
    const queue = [];
    const visitAll = (children, level) => {
        for (const entry of children) {
            if (!take(entry))
                return;
            if (enter(entry))
                queue.push({ entry, level });
        }
    };
    visitAll(top.children, top.level);
    const concurrency = opts.concurrency ?? 8;
    let active = 0;
    await new Promise((resolve, reject) => {
        const pump = () => {
            while (active < concurrency && queue.length > 0 && !summary.capped) {
                const { entry, level } = queue.pop();
                active++;
                expandChild(entry, level, opts, summary)
                    .then((next) => {
                    active--;
                    if (next)
                        visitAll(next.children, next.level);
                    pump();
                })
                    .catch(reject);
            }
            if (active === 0 && (queue.length === 0 || summary.capped))
                resolve();
        };
        pump();
    });
    return summary;
}
/** Expand a directory below the start; one that vanished or cannot be listed is counted and skipped. */
async function expandChild(entry, level, opts, summary) {
    try {
        return await expand(entry, level, opts, summary);
    }
    catch (error) {
        if (opts.signal?.aborted)
            throw error;
        summary.unreadable++;
        return undefined;
    }
}
async function expand(dir, parentLevel, opts, summary) {
    opts.signal?.throwIfAborted();
    const dirents = await readDirVerified(dir.path);
    const presence = presenceOf(dirents);
    const level = presence.files.size > 0 || presence.hasGit
        ? await loadLevel(opts.files, dir.path, parentLevel, presence)
        : parentLevel;
    const prefix = dir.path === '/' ? '/' : `${dir.path}/`;
    const children = [];
    for (const dirent of dirents) {
        const name = dirent.name;
        if (name === '.git')
            continue;
        const path = prefix + name;
        if (!opts.files.isReadable(path))
            continue;
        const kind = kindOf(dirent);
        const ignored = dir.ignored || isIgnored(level, path, kind === 'dir');
        if (ignored && !opts.includeIgnored) {
            summary.ignored++;
            continue;
        }
        children.push({
            path,
            rel: dir.rel === '' ? name : `${dir.rel}/${name}`,
            name,
            depth: dir.depth + 1,
            kind,
            ignored,
        });
    }
    if (opts.ordered)
        children.sort(listingOrder);
    return { level, children };
}
/** Directories first, then everything else, each by name. */
export function listingOrder(a, b) {
    const ad = a.kind === 'dir' ? 0 : 1;
    const bd = b.kind === 'dir' ? 0 : 1;
    return ad - bd || byCodeUnit(a.name, b.name);
}
function presenceOf(dirents) {
    const presence = { files: new Set(), hasGit: false, gitDir: false };
    for (const dirent of dirents) {
        if (dirent.name === '.git') {
            presence.hasGit = true;
            presence.gitDir = dirent.isDirectory();
        }
        else if (dirent.isFile() && IGNORE_FILE_NAMES.includes(dirent.name)) {
            presence.files.add(dirent.name);
        }
    }
    return presence;
}
function kindOf(dirent) {
    if (dirent.isDirectory())
        return 'dir';
    if (dirent.isFile())
        return 'file';
    if (dirent.isSymbolicLink())
        return 'symlink';
    if (dirent.isFIFO())
        return 'fifo';
    if (dirent.isSocket())
        return 'socket';
    return 'device';
}
//# sourceMappingURL=walk.js.map