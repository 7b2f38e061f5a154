// A per-command pids cgroup: the process limit that holds whatever uid a command runs as. RLIMIT_NPROC does
// not bind real uid 0 (the kernel exempts it), so a command that runs as root inside a user namespace is
// bounded only by a cgroup. handrail (as root) creates `<its cgroup>/handrail-<pid>/<run id>` with
// `pids.max`, the command joins it before bwrap starts, and it is removed once the command has ended.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync, } from 'node:fs';
import path from 'node:path';
import { findExecutable } from './executables.js';
let support;
const pending = new Set();
/**
 * Whether handrail can give each command a pids cgroup, and where. Worked out once per process: the cgroup
 * handrail runs in (cgroup v1 `pids` hierarchy, or cgroup v2 with the `pids` controller delegated to it)
 * gets a `handrail-<pid>` child that holds one cgroup per running command.
 */
export function pidsCgroupSupport() {
    support ??= detect();
    return support;
}
function detect() {
    if (process.platform !== 'linux')
        return { ok: false, reason: 'cgroups need Linux' };
    if (process.geteuid?.() !== 0)
        return { ok: false, reason: 'handrail is not root' };
    const sh = findExecutable('sh');
    if (!sh)
        return { ok: false, reason: 'no sh in the system directories' };
    let mountinfo;
    let own;
    try {
        mountinfo = readFileSync('/proc/self/mountinfo', 'utf8');
        own = readFileSync('/proc/self/cgroup', 'utf8');
    }
    catch {
        return { ok: false, reason: '/proc/self/mountinfo or /proc/self/cgroup cannot be read' };
    }
    const mounts = mountinfo
        .split('\n')
        .filter(Boolean)
        .map((line) => {
        const [left = '', right = ''] = line.split(' - ');
        const fields = left.split(' ');
        const [fstype = '', , superOptions = ''] = right.split(' ');
        return { root: fields[3] ?? '/', point: unescapeMount(fields[4] ?? ''), fstype, superOptions };
    });
    const lines = own.split('\n').map((line) => line.split(':'));
    const v1 = mounts.find((m) => m.fstype === 'cgroup' && m.superOptions.split(',').includes('pids'));
    const v1Path = lines.find((l) => l[1]?.split(',').includes('pids'))?.[2];
    let base;
    let version = 1;
    if (v1 && v1Path !== undefined) {
        base = path.join(v1.point, relativeTo(v1Path, v1.root));
    }
    else {
        const v2 = mounts.find((m) => m.fstype === 'cgroup2');
        const v2Path = lines.find((l) => l[0] === '0' && l[1] === '')?.[2];
        if (!v2 || v2Path === undefined)
            return { ok: false, reason: 'no pids cgroup is mounted' };
        version = 2;
        base = path.join(v2.point, relativeTo(v2Path, v2.root));
        if (!readOr(path.join(base, 'cgroup.controllers')).split(/\s+/).includes('pids')) {
            return { ok: false, reason: `the pids controller is not available in ${base} (cgroup v2)` };
        }
        if (!enablePids(base)) {
            return {
                ok: false,
                reason: `the pids controller cannot be enabled for the children of ${base} (cgroup v2 allows it only in a cgroup without processes of its own)`,
            };
        }
    }
    sweepStale(base);
    const parent = path.join(base, `handrail-${process.pid}`);
    try {
        mkdirSync(parent, { recursive: true });
        if (version === 2 && !enablePids(parent))
            throw new Error('cannot enable pids');
        // Probe: a child with a limit, then gone.
        const probe = path.join(parent, 'probe');
        mkdirSync(probe);
        writeFileSync(path.join(probe, 'pids.max'), '1');
        rmdirSync(probe);
    }
    catch (error) {
        try {
            rmdirSync(parent);
        }
        catch {
            // not created, or not empty
        }
        return { ok: false, reason: `cannot create a pids cgroup in ${base}: ${error.message}` };
    }
    process.once('exit', () => {
        for (const dir of [...pending, parent]) {
            try {
                rmdirSync(dir);
            }
            catch {
                // still busy, or gone: the next handrail sweeps it
            }
        }
    });
    return { ok: true, version, parent, sh };
}
/** Create the cgroup of one command, or say why not. */
export function createPidsCgroup(runId, max) {
    const found = pidsCgroupSupport();
    if (!found.ok)
        return { reason: found.reason };
    // Those of earlier commands the kernel had not released yet (tryRemove forgets them once gone).
    for (const dir of pending)
        tryRemove(dir);
    const dir = path.join(found.parent, runId);
    try {
        mkdirSync(dir);
        writeFileSync(path.join(dir, 'pids.max'), String(max));
    }
    catch (error) {
        try {
            rmdirSync(dir);
        }
        catch {
            // not created
        }
        return { reason: `cannot create the command's pids cgroup: ${error.message}` };
    }
    let removed;
    return {
        procs: path.join(dir, 'cgroup.procs'),
        remove() {
            removed ??= removeCgroup(dir, max);
            return removed;
        },
    };
}
/**
 * A host `sh` in front of the command that moves itself into the cgroup (writing 0 to cgroup.procs moves
 * the writer), then execs the rest: everything the command starts is inside before bwrap runs. If the move
 * fails the command does not run.
 */
export function joinArgs(sh, procs) {
    return [
        sh,
        '-c',
        'echo 0 > "$1" || { echo "handrail: cannot join the process-limit cgroup $1" >&2; exit 126; }; shift; exec "$@"',
        'handrail-join',
        procs,
    ];
}
async function removeCgroup(dir, max) {
    const events = readOr(path.join(dir, 'pids.events'));
    const hits = Number(/^max (\d+)/m.exec(events)?.[1] ?? 0);
    const note = hits > 0
        ? `The command reached the process limit (${max} processes): ${hits} of its attempts to start another process failed.`
        : undefined;
    if (tryRemove(dir))
        return note;
    // Still populated. What is left (nothing, normally: bwrap's PID namespace took it) is killed before the
    // command counts as ended; an empty cgroup the kernel has not released yet is removed in the background,
    // so the result does not wait for it.
    if (killMembers(dir) === 0) {
        pending.add(dir);
        void removeLater(dir);
        return note;
    }
    // Killed processes leave within a millisecond or two: look again soon, then every 20 ms (a second in all).
    for (let attempt = 0; attempt < 55; attempt++) {
        await sleep(Math.min(2 ** attempt, 20));
        if (tryRemove(dir))
            return note;
        killMembers(dir);
    }
    pending.add(dir);
    return note;
}
/** rmdir; true once the cgroup is gone. */
function tryRemove(dir) {
    try {
        rmdirSync(dir);
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            return false;
    }
    pending.delete(dir);
    return true;
}
/** SIGKILL every process still in the cgroup; returns how many there were. */
function killMembers(dir) {
    const pids = readOr(path.join(dir, 'cgroup.procs')).split('\n').filter(Boolean);
    for (const pid of pids) {
        try {
            process.kill(Number(pid), 'SIGKILL');
        }
        catch {
            // gone
        }
    }
    return pids.length;
}
/** Retry an empty cgroup's removal for a second, off the command's path (then the next command, or exit). */
async function removeLater(dir) {
    for (let attempt = 0; attempt < 55; attempt++) {
        await sleep(Math.min(2 ** attempt, 20), true);
        if (tryRemove(dir))
            return;
        killMembers(dir);
    }
}
function sleep(ms, unref = false) {
    return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        if (unref)
            timer.unref();
    });
}
/** Remove the cgroups of handrail processes that are gone. */
function sweepStale(base) {
    let names;
    try {
        names = readdirSync(base).filter((name) => /^handrail-\d+$/.test(name));
    }
    catch {
        return;
    }
    for (const name of names) {
        const pid = Number(name.slice('handrail-'.length));
        if (pid === process.pid || existsSync(`/proc/${pid}`))
            continue;
        const dir = path.join(base, name);
        try {
            for (const child of readdirSync(dir)) {
                const sub = path.join(dir, child);
                if (statSync(sub).isDirectory())
                    rmdirSync(sub);
            }
            rmdirSync(dir);
        }
        catch {
            // busy or not ours to remove
        }
    }
}
function enablePids(dir) {
    const control = path.join(dir, 'cgroup.subtree_control');
    if (readOr(control).split(/\s+/).includes('pids'))
        return true;
    try {
        writeFileSync(control, '+pids');
        return true;
    }
    catch {
        return false;
    }
}
function relativeTo(cgroupPath, mountRoot) {
    if (mountRoot === '/' || !cgroupPath.startsWith(mountRoot))
        return cgroupPath;
    return cgroupPath.slice(mountRoot.length) || '/';
}
function readOr(file) {
    try {
        return readFileSync(file, 'utf8');
    }
    catch {
        return '';
    }
}
/** mountinfo escapes spaces, tabs, newlines and backslashes as octal. */
function unescapeMount(field) {
    return field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(Number.parseInt(octal, 8)));
}
//# sourceMappingURL=pids-cgroup.js.map