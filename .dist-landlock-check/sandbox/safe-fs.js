import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { actingUser, assertMayChange } from './file-owner.js';
import { isWithin } from './path-syntax.js';
/** Raised when the disk no longer matches what was checked (a swap between check and use). */
export class FileRaceError extends Error {
    code = 'EHANDRAILRACE';
    constructor(message) {
        super(message);
        this.name = 'FileRaceError';
    }
}
const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;
/**
 * Open a checked path for reading: O_NOFOLLOW on the leaf, O_NONBLOCK so a FIFO swapped in cannot hang us,
 * then confirm through the open descriptor that it is the same regular file (dev/inode) the check saw and
 * that it really lives where the check said (/proc/self/fd, which catches a swapped parent directory).
 */
export async function openForRead(check) {
    const handle = await fs.open(check.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    try {
        const stat = await handle.stat();
        if (!stat.isFile())
            throw new FileRaceError(`${check.display} is no longer a regular file.`);
        if (check.stat && (stat.dev !== check.stat.dev || stat.ino !== check.stat.ino)) {
            throw new FileRaceError(`${check.display} was replaced between the check and the read.`);
        }
        await confirmLocation(handle, check.path);
        return { handle, stat };
    }
    catch (error) {
        await handle.close();
        throw error;
    }
}
/** Read a whole checked file, refusing files larger than `maxBytes`. */
export async function readVerified(check, maxBytes) {
    const { handle, stat } = await openForRead(check);
    try {
        if (stat.size > maxBytes) {
            throw Object.assign(new Error(`${check.display} is ${stat.size} bytes, over the ${maxBytes}-byte limit for this operation.`), {
                code: 'EFBIG',
            });
        }
        const data = await handle.readFile();
        return { data, stat };
    }
    finally {
        await handle.close();
    }
}
export async function pinDir(dir, via) {
    let handle;
    try {
        handle = await fs.open(via ?? dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    }
    catch (error) {
        const code = error.code;
        if (code === 'ELOOP' || code === 'ENOTDIR')
            throw new FileRaceError(`${dir} is not a directory.`);
        throw error;
    }
    let confirmed;
    try {
        confirmed = await confirmLocation(handle, dir);
    }
    catch (error) {
        await handle.close();
        throw error;
    }
    const base = confirmed ? `/proc/self/fd/${handle.fd}` : dir;
    return { path: dir, handle, at: (name) => `${base}/${name}`, close: () => handle.close() };
}
/**
 * Write a checked path atomically: a temp file created in the pinned directory (O_EXCL | O_NOFOLLOW), given
 * the old file's mode and owner (a new file belongs to the user handrail acts for), fsynced, then renamed
 * over the target. rename() replaces a leaf symlink rather than following it, so a link swapped in cannot
 * redirect the write. A file the acting user may not write (mode 0444, another user's) is refused. When
 * `expect` is given, the target must still be that file (dev/inode/size/mtime) just before the rename.
 */
export async function writeAtomic(check, data, opts = {}) {
    const dir = path.dirname(check.path);
    const name = path.basename(check.path);
    if (opts.createParents)
        await mkdirInside(dir, check.root.path);
    const pinned = await pinDir(dir);
    let temp;
    let handle;
    let renamed = false;
    try {
        const opened = await openReplacement(check, pinned, {
            verb: 'write',
            suffix: 'tmp',
            removedIsRace: true,
        });
        const { current, user, mode } = opened;
        temp = opened.temp;
        handle = opened.handle;
        await handle.writeFile(data);
        if (current)
            await handle.chmod(mode);
        await giveTo(handle, current ?? user);
        await handle.sync();
        await handle.close();
        handle = undefined;
        if (opts.expect) {
            const now = await lstatOrUndefined(pinned.at(name));
            const e = opts.expect;
            if (!now ||
                now.ino !== e.ino ||
                now.dev !== e.dev ||
                now.size !== e.size ||
                now.mtimeMs !== e.mtimeMs) {
                throw new FileRaceError(`${check.display} changed on disk while it was being edited.`);
            }
        }
        await fs.rename(temp, pinned.at(name));
        renamed = true;
        const stat = await fs.lstat(pinned.at(name));
        return { created: !current, stat };
    }
    finally {
        if (handle)
            await handle.close().catch(() => undefined);
        if (temp && !renamed)
            await fs.unlink(temp).catch(() => undefined);
        await pinned.close().catch(() => undefined);
    }
}
/**
 * The shared first half of every replace-by-rename (writeAtomic, streamToFile): the target must still be the
 * file the policy checked (or still absent), have no second hard link, and be writable by the acting user;
 * then a temp file is created O_EXCL|O_NOFOLLOW in the pinned directory and confirmed to be there. On any
 * failure nothing is left behind.
 */
export async function openReplacement(check, pinned, opts) {
    const current = await lstatOrUndefined(pinned.at(path.basename(check.path)));
    if (current && !current.isFile())
        throw new FileRaceError(`${check.display} is no longer a regular file.`);
    if (current && check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
        throw new FileRaceError(`${check.display} was replaced between the check and the ${opts.verb}.`);
    }
    if (!current && check.stat && opts.removedIsRace)
        throw new FileRaceError(`${check.display} was removed between the check and the ${opts.verb}.`);
    if (current && current.nlink > 1)
        throw new FileRaceError(`${check.display} gained a hard link since it was checked.`);
    const user = actingUser(check.root.path);
    assertMayChange(check.display, current ? { file: current } : { dir: await pinned.handle.stat() }, user, current ? 'update' : 'create');
    // A short fixed-length name: the target's own name may already be near the 255-byte limit.
    const tempName = `.handrail-${randomBytes(6).toString('hex')}.${opts.suffix}`;
    const temp = pinned.at(tempName);
    const mode = current ? current.mode & 0o7777 : 0o666;
    const handle = await fs.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
    try {
        await confirmLocation(handle, path.join(pinned.path, tempName));
    }
    catch (error) {
        await handle.close().catch(() => undefined);
        await fs.unlink(temp).catch(() => undefined);
        throw error;
    }
    return { ...(current ? { current } : {}), user, mode, temp, handle };
}
/**
 * Give a file written as root to the user it belongs to: the old file's owner, or for a new file the user
 * handrail acts for, so the user's own commands can change it later.
 */
export async function giveTo(handle, owner) {
    if (process.geteuid?.() !== 0)
        return;
    if (owner.uid === 0 && owner.gid === (process.getegid?.() ?? 0))
        return;
    await handle.chown(owner.uid, owner.gid).catch(() => undefined);
}
/**
 * Remove a checked file after confirming it is still the file that was checked, through its pinned
 * directory. A file the acting user may not write, or in a directory it may not write, is refused.
 */
export async function removeVerified(check) {
    const pinned = await pinDir(path.dirname(check.path));
    try {
        const at = pinned.at(path.basename(check.path));
        const current = await lstatOrUndefined(at);
        if (!current)
            throw Object.assign(new Error(`${check.display} does not exist.`), { code: 'ENOENT' });
        if (!current.isFile())
            throw new FileRaceError(`${check.display} is not a regular file.`);
        if (check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
            throw new FileRaceError(`${check.display} was replaced between the check and the delete.`);
        }
        assertMayChange(check.display, { file: current, dir: await pinned.handle.stat() }, actingUser(check.root.path), 'remove');
        await fs.unlink(at);
    }
    finally {
        await pinned.close().catch(() => undefined);
    }
}
/**
 * Create `dir` and its missing parents one level at a time, each inside the directory before it, held open:
 * nothing is created through a symlink planted on the way, and nothing outside `root`. New directories
 * belong to the user handrail acts for.
 */
export async function mkdirInside(dir, root) {
    if (!isWithin(dir, root))
        throw new FileRaceError(`${dir} is outside ${root}.`);
    const missing = [];
    let current = dir;
    while (current !== root) {
        const stat = await lstatOrUndefined(current);
        if (stat) {
            if (!stat.isDirectory())
                throw new FileRaceError(`${current} is not a directory.`);
            break;
        }
        missing.unshift(current);
        current = path.dirname(current);
    }
    if (missing.length === 0)
        return;
    const user = actingUser(root);
    let parent = await pinDir(current);
    try {
        for (const next of missing) {
            const at = parent.at(path.basename(next));
            let made = false;
            try {
                await fs.mkdir(at, { mode: 0o777 });
                made = true;
            }
            catch (error) {
                if (error.code !== 'EEXIST')
                    throw error;
            }
            const child = await pinDir(next, at);
            if (made)
                await giveTo(child.handle, user);
            await parent.close().catch(() => undefined);
            parent = child;
        }
    }
    finally {
        await parent.close().catch(() => undefined);
    }
}
/**
 * Confirm through /proc/self/fd that an open descriptor is the file at `expected` (Linux only). Returns
 * false when it cannot tell (no /proc), so callers know the descriptor's /proc path is not usable either.
 */
export async function confirmLocation(handle, expected) {
    if (process.platform !== 'linux')
        return false;
    let actual;
    try {
        actual = await fs.readlink(`/proc/self/fd/${handle.fd}`);
    }
    catch {
        return false; // /proc not mounted: the dev/inode comparison still stands
    }
    if (actual !== expected) {
        throw new FileRaceError(`${expected} resolved to ${actual} when opened; a directory on the way was swapped.`);
    }
    return true;
}
export async function lstatOrUndefined(file) {
    try {
        return await fs.lstat(file);
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return undefined;
        throw error;
    }
}
//# sourceMappingURL=safe-fs.js.map