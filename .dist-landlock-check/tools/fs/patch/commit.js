import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { classifyThrown, ToolError } from '../../../core/index.js';
import { FileRaceError, removeVerified, writeAtomic, } from '../../../sandbox/index.js';
const safeIo = { write: writeAtomic, remove: removeVerified };
/**
 * Write every planned change (atomic writes that abort if the file changed since it was read, verified
 * deletes). If one fails, undo the ones already made, newest first — original bytes back, created files
 * and directories removed, deleted files re-created with their mode — so the patch leaves no trace.
 */
export async function commitChanges(changes, io = safeIo) {
    const undo = [];
    const committed = [];
    for (const { target, before, after } of changes) {
        try {
            if (after) {
                const createdDirs = await missingDirs(target.write);
                const opts = { createParents: true };
                if (before)
                    opts.expect = before.stat;
                const { stat } = await io.write(target.write, after, opts);
                const written = { ...target.write, stat };
                undo.push({
                    given: target.given,
                    run: async () => {
                        if (before)
                            await io.write(written, before.data, { expect: stat });
                        else
                            await io.remove(written);
                        await removeEmptyDirs(createdDirs);
                    },
                });
                committed.push({ canonical: target.canonical, stat });
            }
            else if (before) {
                await confirmUnchanged(target.write, before.stat);
                await io.remove(target.write);
                const gone = { ...target.write };
                delete gone.stat;
                undo.push({
                    given: target.given,
                    run: async () => {
                        await io.write(gone, before.data, { createParents: true });
                        await restoreMode(target.canonical, before.stat.mode & 0o7777);
                    },
                });
                committed.push({ canonical: target.canonical });
            }
        }
        catch (error) {
            throw await rollBack(error, target.given, undo);
        }
    }
    return committed;
}
async function rollBack(error, failed, undo) {
    const thrown = classifyThrown(error);
    const problems = [];
    for (const step of undo.reverse()) {
        try {
            await step.run();
        }
        catch (undoError) {
            problems.push(`${step.given} (${undoError.message})`);
        }
    }
    const reason = /[.!?]$/.test(thrown.message) ? thrown.message : `${thrown.message}.`;
    const head = `apply_patch failed while writing ${failed}: ${reason}`;
    if (problems.length === 0) {
        const tail = undo.length > 0
            ? 'The files already written were restored, so no file was changed.'
            : 'No file was changed.';
        return new ToolError(thrown.errorClass, `${head} ${tail}`, {
            hint: 'Read the files again, then retry the patch.',
        });
    }
    return new ToolError('io_error', `${head} Restoring the files it had already changed failed for ${problems.join('; ')}; the other files were restored.`, { hint: 'Read the files named above to see their state before doing anything else.' });
}
/** A delete must remove the file that was read, not a newer version of it. */
async function confirmUnchanged(check, read) {
    const now = await fs.lstat(check.path).catch(() => undefined);
    if (!now ||
        now.ino !== read.ino ||
        now.dev !== read.dev ||
        now.size !== read.size ||
        now.mtimeMs !== read.mtimeMs) {
        throw new FileRaceError(`${check.display} changed on disk while the patch was being applied.`);
    }
}
/** The directories between the file and its root that do not exist yet, deepest first. */
async function missingDirs(check) {
    const missing = [];
    for (let dir = path.dirname(check.path); dir !== check.root.path && dir !== path.dirname(dir); dir = path.dirname(dir)) {
        const exists = await fs.lstat(dir).then(() => true, () => false);
        if (exists)
            break;
        missing.push(dir);
    }
    return missing;
}
async function removeEmptyDirs(dirs) {
    for (const dir of dirs)
        await fs.rmdir(dir).catch(() => undefined); // not empty: someone else's now
}
/** Give a re-created file its old permission bits, through a descriptor opened without following links. */
async function restoreMode(file, mode) {
    const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
        await handle.chmod(mode);
    }
    finally {
        await handle.close();
    }
}
//# sourceMappingURL=commit.js.map