import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../../core/index.js';
import { FileRaceError, readVerified, writeAtomic, } from '../../../sandbox/index.js';
import { mustWrite } from '../../shared/file-checks.js';
// The disk side shared by write_file and edit_file: one writer per file at a time, a fresh check under
// the lock, refusal of files that changed behind the turn's back, and races reported as conflicts.
const REREAD = 'Read the file again, then redo the change against its current content.';
/**
 * Run `fn` holding the file's lock, with a check made under the lock: an edit that waited for another
 * sees the file that edit wrote (a new inode after the atomic rename), not the one it saw before waiting.
 */
export async function withWriteLock(caps, requested, fn) {
    const first = await mustWrite(caps.files, requested);
    return caps.fileLocks.withLock(first.path, async () => {
        const check = await mustWrite(caps.files, requested);
        if (check.path !== first.path) {
            throw new ToolError('conflict', `${first.display} now resolves to ${check.display}: a link on the way changed while waiting to write.`, {
                hint: REREAD,
            });
        }
        return fn(check);
    });
}
/** Refuse a file the turn has seen that changed on disk since (another process, the user, another turn). */
export function refuseIfChanged(versions, check, now) {
    const change = versions.changedSince(check.path, now);
    if (change) {
        throw new ToolError('conflict', `${check.display} changed on disk since this turn last read or wrote it (${change}). ${REREAD}`, {
            hint: REREAD,
        });
    }
}
/** Read a checked file whole, with size and race failures as messages the model can act on. */
export async function readChecked(check, maxBytes, verb) {
    try {
        return await readVerified(check, maxBytes);
    }
    catch (error) {
        const code = error.code;
        if (code === 'EFBIG') {
            throw new ToolError('io_error', `Cannot ${verb} ${check.display}: it is ${check.stat?.size ?? 'over'} bytes, and ${verb} handles files up to ${maxBytes / (1024 * 1024)} MiB.`, {
                hint: 'Change a file this large another way (for example a streaming command).',
            });
        }
        throw asConflict(error);
    }
}
/** writeAtomic with a swap or a concurrent change reported as a conflict, the file left as it was. */
export async function writeChecked(check, data, opts) {
    try {
        return await writeAtomic(check, data, opts);
    }
    catch (error) {
        throw asConflict(error);
    }
}
/**
 * For a file about to be created: a message when an existing ancestor directory is really a file (the
 * write would fail halfway through creating parents), else undefined.
 */
export async function parentProblem(check) {
    for (let dir = path.dirname(check.path); dir !== path.dirname(dir); dir = path.dirname(dir)) {
        const stat = await fs.lstat(dir).catch(() => undefined);
        if (!stat)
            continue;
        if (stat.isDirectory())
            return undefined;
        return `Cannot create ${check.display}: ${dir} is a file, not a directory.`;
    }
    return undefined;
}
function asConflict(error) {
    if (!(error instanceof FileRaceError))
        return error;
    return new ToolError('conflict', `${error.message} Nothing was written. ${REREAD}`, {
        hint: REREAD,
        cause: error,
    });
}
//# sourceMappingURL=disk.js.map