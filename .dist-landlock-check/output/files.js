// File mechanics for OutputStore: safe names, atomic no-replace writes, size caps, what is on disk.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from './project.js';
const MAX_ID = 100;
// Platforms without hard links (some network and FUSE file systems) fall back to check-then-rename.
const NO_LINK = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);
/** Restricts an id to a safe file name: `[A-Za-z0-9._-]`, at most 100 chars, no leading dot. */
export function safeId(id) {
    // No leading dot: that rules out `.`, `..`, hidden files, `.gitignore` and our temp names.
    const safe = id
        .replace(/[^A-Za-z0-9._-]/g, '_')
        .slice(0, MAX_ID)
        .replace(/^\./, '_');
    return safe === '' ? '_' : safe;
}
/** The text to store, cut to `maxBytes` with a final line saying how much was dropped. */
export function capped(text, maxBytes) {
    const total = Buffer.byteLength(text);
    if (total <= maxBytes)
        return text;
    const note = (dropped) => `\n[... ${dropped.toLocaleString('en-US')} bytes (${formatBytes(dropped)}) dropped: output exceeded the ` +
        `${formatBytes(maxBytes)} storage limit ...]\n`;
    // Size the note for the worst case, then cut the text on a UTF-8 character boundary.
    const budget = Math.max(0, maxBytes - Buffer.byteLength(note(total)));
    const head = Buffer.from(text.slice(0, budget));
    let cut = Math.min(budget, head.length);
    while (cut > 0 && cut < head.length && isContinuation(head[cut]))
        cut--;
    return Buffer.concat([head.subarray(0, cut), Buffer.from(note(total - cut))]);
}
/** Writes `data` to `<dir>/<base>.txt`, or `<base>-2.txt` and so on if taken; atomic and never replacing. */
export async function writeNew(dir, base, data) {
    const temp = path.join(dir, `.${base}.${randomBytes(6).toString('hex')}.tmp`);
    await writeTemp(dir, temp, data);
    try {
        for (let n = 1;; n++) {
            const candidate = path.join(dir, n === 1 ? `${base}.txt` : `${base}-${n}.txt`);
            try {
                // link() is a rename that fails instead of replacing, which makes the name claim atomic.
                await link(temp, candidate);
                return candidate;
            }
            catch (err) {
                const code = errorCode(err);
                if (code === 'EEXIST')
                    continue;
                if (!NO_LINK.has(code ?? ''))
                    throw err;
                if (await exists(candidate))
                    continue;
                await rename(temp, candidate);
                return candidate;
            }
        }
    }
    finally {
        await unlink(temp).catch(ignore('ENOENT'));
    }
}
/** Writes the temp file (0600), recreating the turn folder if a prune removed it meanwhile. */
async function writeTemp(dir, temp, data) {
    for (let attempt = 0;; attempt++) {
        // (Re)create the turn folder: a concurrent prune may remove it once it is empty.
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // The turn folder must be a real directory: a symlink planted there (by a shell command, say) would
        // otherwise carry the write outside the state directory.
        const [folder, store] = await Promise.all([lstat(dir), lstat(path.dirname(dir))]);
        if (!folder.isDirectory() || !store.isDirectory())
            throw new Error(`${dir} is not a plain directory; refusing to write an output there.`);
        try {
            const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
            try {
                await handle.writeFile(data);
            }
            finally {
                await handle.close();
            }
            return;
        }
        catch (err) {
            if (errorCode(err) !== 'ENOENT' || attempt >= 2) {
                await unlink(temp).catch(() => { });
                throw err;
            }
        }
    }
}
/** Saved outputs already on disk (`<dir>/<turn>/<call>.txt`), for pruning across runs. */
export async function inventory(dir) {
    const found = [];
    for (const turn of await readdir(dir, { withFileTypes: true })) {
        if (!turn.isDirectory())
            continue;
        const turnDir = path.join(dir, turn.name);
        const files = await readdir(turnDir, { withFileTypes: true }).catch(() => []);
        const stats = await Promise.all(files
            .filter((f) => f.isFile() && f.name.endsWith('.txt') && !f.name.startsWith('.'))
            .map(async (f) => {
            const file = path.join(turnDir, f.name);
            const stat = await lstat(file).catch(() => undefined);
            return stat?.isFile() ? { path: file, bytes: stat.size, mtimeMs: stat.mtimeMs } : undefined;
        }));
        for (const s of stats)
            if (s)
                found.push(s);
    }
    return found;
}
/** Whether anything (even a dangling link) is at `file`. */
async function exists(file) {
    return lstat(file).then(() => true, () => false);
}
/** Whether a byte continues a UTF-8 sequence rather than starting a character. */
export function isContinuation(byte) {
    return (byte & 0xc0) === 0x80;
}
/** The `code` of a Node system error, if any. */
export function errorCode(err) {
    return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}
/** A catch handler that swallows one error code and rethrows the rest. */
export function ignore(code) {
    return (err) => {
        if (errorCode(err) !== code)
            throw err;
    };
}
//# sourceMappingURL=files.js.map