import { isWithin } from '../../../sandbox/index.js';
/**
 * A path found while walking a checked directory, as the allowed check safe-fs expects. The walk only
 * builds canonical paths (a canonical directory plus the name of an entry that is not a symbolic link) and
 * only after `files.isReadable` passed, so this is what `checkRead` would have returned; safe-fs still
 * opens it with O_NOFOLLOW and confirms dev/inode and location.
 */
export function walkedCheck(files, canonical, stat) {
    const check = {
        ok: true,
        requested: canonical,
        path: canonical,
        display: files.display(canonical),
        root: rootOf(files.roots, canonical),
    };
    if (stat)
        check.stat = stat;
    return check;
}
function rootOf(roots, canonical) {
    let best;
    for (const root of roots) {
        if (isWithin(canonical, root.path) && (!best || root.path.length > best.path.length))
            best = root;
    }
    // Unreachable for a path that passed isReadable; the first root keeps the type total.
    return best ?? roots[0];
}
/**
 * Whether a path and every directory between it and `top` may be read. The policy's deny-read globs match
 * one path at a time, so a file inside a denied directory must be refused here too: the walker never
 * enters such a directory, and results ripgrep reports from inside one are dropped the same way.
 */
export function readableUnder(files, canonical, top, cache) {
    if (!files.isReadable(canonical))
        return false;
    let dir = canonical.slice(0, canonical.lastIndexOf('/')) || '/';
    while (dir.length > top.length && isWithin(dir, top)) {
        let ok = cache.get(dir);
        if (ok === undefined) {
            ok = files.isReadable(dir);
            cache.set(dir, ok);
        }
        if (!ok)
            return false;
        dir = dir.slice(0, dir.lastIndexOf('/')) || '/';
    }
    return true;
}
//# sourceMappingURL=walked-check.js.map