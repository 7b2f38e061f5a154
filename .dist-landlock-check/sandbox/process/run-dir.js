import { promises as fs, mkdirSync, mkdtempSync, realpathSync, rmdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isWithin } from '../path-syntax.js';
import { isAlive, processToken } from './liveness.js';
/** Run directories of this process not removed yet: removed at exit even without a `remove()`. */
const live = new Set();
/** Temporary directories already swept for the leftovers of dead processes. */
const swept = new Set();
const PREFIX = 'handrail-run-';
/**
 * Create `handrail-run-<process>-XXXXXX` (0700) with `home` and `tmp` inside, in the first temporary
 * directory that lies outside the writable roots, so a command's dotfiles never land in the workspace. The
 * name says which process made it (see liveness.ts): the first run of each process removes the run
 * directories of processes that died without removing theirs (SIGKILL, OOM), and never those of one that
 * still runs. A normal exit removes this process's own.
 */
export async function createRunDir(writableRoots) {
    const bases = [...new Set([os.tmpdir(), '/tmp', '/var/tmp'])];
    const base = bases.map(realOrSelf).find((dir) => !writableRoots.some((root) => isWithin(dir, root)));
    if (!base) {
        throw new Error(`Every temporary directory (${bases.join(', ')}) lies inside a writable root, so a command would get its HOME inside the workspace.`);
    }
    if (!swept.has(base)) {
        swept.add(base);
        await sweepDead(base);
    }
    // Synchronous: three small metadata calls, faster than three trips through the thread pool.
    const root = mkdtempSync(path.join(base, `${PREFIX}${processToken()}-`));
    live.add(root);
    const home = path.join(root, 'home');
    const tmp = path.join(root, 'tmp');
    mkdirSync(home, { mode: 0o700 });
    mkdirSync(tmp, { mode: 0o700 });
    let removed = false;
    return {
        root,
        home,
        tmp,
        async remove() {
            if (removed)
                return;
            removed = true;
            await removeTree(root);
            live.delete(root);
        },
    };
}
/** The run directories in `base` whose process is gone. */
async function sweepDead(base) {
    const names = await fs.readdir(base).catch(() => []);
    const dead = names.filter((name) => {
        if (!name.startsWith(PREFIX))
            return false;
        // handrail-run-<boot>.<pidns>.<pid>.<start>-XXXXXX; older names (no process) are left alone.
        const token = name.slice(PREFIX.length, name.lastIndexOf('-'));
        return token.split('.').length === 4 && !isAlive(token);
    });
    await Promise.all(dead.map((name) => removeTree(path.join(base, name))));
}
// A process that exits with commands still running (process.exit, an uncaught error) leaves no run directory.
process.once('exit', () => {
    for (const root of live) {
        try {
            rmSync(root, { recursive: true, force: true });
        }
        catch {
            // the next process's sweep
        }
    }
});
/** rm -rf that also handles directories a command made unreadable (chmod 000) when not root. */
async function removeTree(dir) {
    // The common case, a command that left nothing behind: three rmdirs, no walk.
    try {
        rmdirSync(path.join(dir, 'home'));
        rmdirSync(path.join(dir, 'tmp'));
        rmSync(path.join(dir, 'denied'), { force: true });
        rmdirSync(dir);
        return;
    }
    catch {
        // something is left: remove the tree
    }
    try {
        await fs.rm(dir, { recursive: true, force: true });
        return;
    }
    catch {
        // fall through: make it writable, then try again
    }
    await makeWritable(dir);
    await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
}
async function makeWritable(dir) {
    await fs.chmod(dir, 0o700).catch(() => undefined);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
        if (entry.isDirectory())
            await makeWritable(path.join(dir, entry.name));
    }
}
function realOrSelf(dir) {
    try {
        return realpathSync(dir);
    }
    catch {
        return dir;
    }
}
//# sourceMappingURL=run-dir.js.map