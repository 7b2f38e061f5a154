import { readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { isWithin } from '../path-syntax.js';
import { neverReachable } from './identity.js';
/** Top-level entries of the state directory a command never sees. */
const INTERNAL = new Set(['sandbox']);
export function stateView(input) {
    const dir = input.stateDir;
    if (!dir || !input.roots.some((root) => root.path !== dir && isWithin(dir, root.path)))
        return undefined;
    // Hidden whole by a deny rule: nothing to show.
    if (input.masks.some((mask) => isWithin(dir, mask.path)))
        return undefined;
    const { identity } = input;
    if (identity.uid !== input.euid && neverReachable(path.join(dir, 'x'), identity.uid, identity.gid))
        return undefined;
    let entries;
    try {
        entries = readdirSync(dir, { withFileTypes: true });
    }
    catch {
        return undefined;
    }
    // The database named by a deny rule, and its companions (`-wal`, `-shm`, `-journal`, super-journals).
    const databases = input.denyRead
        .filter((glob) => path.isAbsolute(glob) && path.dirname(glob) === dir && !picomatch.scan(glob).isGlob)
        .map((glob) => path.basename(glob));
    const hidden = (name) => INTERNAL.has(name) ||
        databases.some((db) => name === db || name.startsWith(`${db}-`)) ||
        input.masks.some((mask) => mask.path === path.join(dir, name));
    const args = ['--perms', '0555', '--tmpfs', dir];
    const shown = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        // Only files and directories: a symbolic link would be bound as its target, wherever that is.
        if (hidden(entry.name) || !(entry.isFile() || entry.isDirectory()))
            continue;
        const p = path.join(dir, entry.name);
        shown.push(p);
        // -try: an entry removed since (a pruned output) is simply not shown.
        args.push('--ro-bind-try', p, p);
    }
    // Deny-read matches deeper inside what is shown (a saved output matching `**/*.pem`, say).
    const depth = (p) => p.split('/').length;
    const deeper = input.masks
        .filter((mask) => shown.some((p) => p !== mask.path && isWithin(mask.path, p)))
        .sort((a, b) => depth(a.path) - depth(b.path));
    for (const mask of deeper) {
        if (mask.dir)
            args.push('--perms', '0000', '--tmpfs', mask.path, '--remount-ro', mask.path);
        else
            args.push('--ro-bind', input.deniedFile, mask.path);
    }
    args.push('--remount-ro', dir);
    return { covers: (p) => isWithin(p, dir), args };
}
/**
 * Put extra mounts after the layout's own, just before `--chdir` (bwrapArgs ends with it, the working
 * directory, `--` and the command; nothing before it can read `--chdir`: every path there is absolute).
 */
export function withMounts(args, extra) {
    if (extra.length === 0)
        return args;
    const at = args.indexOf('--chdir');
    if (at < 0)
        throw new Error('Unexpected bwrap command line: no --chdir before the command.');
    return [...args.slice(0, at), ...extra, ...args.slice(at)];
}
//# sourceMappingURL=state-view.js.map