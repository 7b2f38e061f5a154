// Device nodes for commands that run as uid 0 without capabilities. bwrap's --dev binds the host's own
// /dev/null, /dev/zero, ... into the sandbox; they belong to root, so such a command, as their owner, could
// chmod them — on the host. These are private copies that belong to nobody: usable, not changeable.
import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync, } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable } from '../process/executables.js';
/** The devices bwrap's --dev provides. */
export const DEVICE_NAMES = ['null', 'zero', 'full', 'random', 'urandom', 'tty'];
/** The owner of the copies: not uid 0, so a command running as uid 0 cannot change them. */
const DEVICE_OWNER = 65534;
let made;
/**
 * A directory holding private copies of DEVICE_NAMES, owned by uid 65534, mode 0666; made once per process
 * (as root, with mknod) in the first temporary directory whose file system allows device nodes.
 */
export function privateDevices() {
    made ??= makeDevices();
    return made;
}
function makeDevices() {
    if (process.geteuid?.() !== 0)
        return { reason: 'handrail is not root' };
    const mknod = findExecutable('mknod');
    if (!mknod)
        return { reason: 'mknod (coreutils) is missing' };
    const problems = [];
    for (const base of [...new Set([os.tmpdir(), '/tmp', '/var/tmp'])]) {
        let dir;
        try {
            sweepStale(base);
            dir = mkdtempSync(path.join(base, `handrail-dev-${process.pid}-`));
            for (const name of DEVICE_NAMES) {
                const rdev = statSync(`/dev/${name}`).rdev;
                const major = Math.floor(rdev / 256) & 0xfff;
                const minor = (rdev & 0xff) | (Math.floor(rdev / 4096) & ~0xff);
                const node = path.join(dir, name);
                execFileSync(mknod, ['-m', '666', node, 'c', String(major), String(minor)], { stdio: 'ignore' });
                chownSync(node, DEVICE_OWNER, DEVICE_OWNER);
            }
            // A file system mounted nodev refuses to open them.
            const fd = openSync(path.join(dir, 'null'), 'w');
            writeSync(fd, 'x');
            closeSync(fd);
            const kept = dir;
            process.once('exit', () => rmSync(kept, { recursive: true, force: true }));
            return { dir };
        }
        catch (error) {
            problems.push(`${base}: ${error.message.split('\n')[0]}`);
            if (dir)
                rmSync(dir, { recursive: true, force: true });
        }
    }
    return { reason: `no temporary directory allows device nodes (${problems.join('; ')})` };
}
/** Remove the copies of handrail processes that ended without their exit hook (killed). */
function sweepStale(base) {
    let names = [];
    try {
        names = readdirSync(base).filter((name) => /^handrail-dev-\d+-/.test(name));
    }
    catch {
        return;
    }
    for (const name of names) {
        const pid = Number(name.split('-')[2]);
        if (pid !== process.pid && !existsSync(`/proc/${pid}`)) {
            rmSync(path.join(base, name), { recursive: true, force: true });
        }
    }
}
//# sourceMappingURL=root-devices.js.map