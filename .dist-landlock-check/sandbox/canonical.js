import { promises as fs, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
/** Symbolic links followed while resolving one path (the kernel's own limit is 40). */
const MAX_LINK_HOPS = 40;
/**
 * Canonicalize an absolute, lexically normalized path. Existing paths go through realpath; for a path that
 * does not exist yet, the deepest existing ancestor is resolved and the missing names appended. A dangling
 * symbolic link is followed by hand, so a write "to a new file" cannot create one outside the roots.
 */
export async function canonicalize(absolute, hops = 0) {
    try {
        const real = await fs.realpath(absolute);
        const stat = await fs.lstat(real);
        return { path: real, exists: true, stat, viaSymlink: real !== absolute || hops > 0 };
    }
    catch (error) {
        const code = error.code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR')
            throw error;
    }
    const missing = [];
    let current = absolute;
    for (;;) {
        let stat;
        try {
            stat = await fs.lstat(current);
        }
        catch {
            stat = undefined;
        }
        if (stat?.isSymbolicLink()) {
            // A link whose target does not exist: resolve it ourselves and continue from its target.
            if (hops >= MAX_LINK_HOPS)
                throw Object.assign(new Error('too many levels of symbolic links'), { code: 'ELOOP' });
            const target = path.resolve(path.dirname(current), await fs.readlink(current));
            const next = await canonicalize(path.join(target, ...missing), hops + 1);
            return { ...next, viaSymlink: true };
        }
        if (stat) {
            const base = await fs.realpath(current);
            return { path: path.join(base, ...missing), exists: false, viaSymlink: base !== current || hops > 0 };
        }
        const parent = path.dirname(current);
        if (parent === current)
            return { path: absolute, exists: false, viaSymlink: hops > 0 };
        missing.unshift(path.basename(current));
        current = parent;
    }
}
/**
 * The synchronous form, for permission classification (which runs before any I/O and must name the
 * canonical paths a call will touch). Same rules as `canonicalize`.
 */
export function canonicalizeSync(absolute) {
    const missing = [];
    let current = absolute;
    for (let hops = 0; hops <= MAX_LINK_HOPS;) {
        // Looked up without exceptions: most paths asked about here (the user's configuration) do not exist,
        // and a thrown error costs more than the lookup.
        const stat = lstatQuietly(current);
        if (stat) {
            const real = realpathQuietly(current);
            if (real !== undefined)
                return path.join(real, ...missing);
            if (stat.isSymbolicLink()) {
                // A link whose target does not exist: follow it by hand.
                current = path.resolve(path.dirname(current), readlinkSync(current));
                hops++;
                continue;
            }
        }
        const parent = path.dirname(current);
        if (parent === current)
            break;
        missing.unshift(path.basename(current));
        current = parent;
    }
    return absolute;
}
function lstatQuietly(p) {
    try {
        return lstatSync(p, { throwIfNoEntry: false });
    }
    catch {
        return undefined;
    }
}
function realpathQuietly(p) {
    try {
        return realpathSync.native(p);
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=canonical.js.map