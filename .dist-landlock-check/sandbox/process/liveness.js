import { readFileSync, readlinkSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
/**
 * Naming a process so that another process can tell later whether it still runs: its pid alone is not
 * enough (pids are reused), so the token also holds the process's start time (clock ticks since boot, from
 * /proc) and the boot it belongs to. Used for what handrail leaves outside its own memory while it runs —
 * placeholder leases, run directories — so the next process can clean up after one that was killed
 * (SIGKILL, OOM, power loss) without touching what a live one still uses. Processes must share a PID
 * namespace (one host, or one container) for this to hold.
 */
let self;
/**
 * This process (and thread): `<boot>.<pidns>.<pid>.<start>.<thread>`; stable for the life of the process.
 * Only characters safe in a file name.
 */
export function selfToken() {
    self ??= `${processToken()}.${threadId}`;
    return self;
}
/** This process: `<boot>.<pidns>.<pid>.<start>`. */
export function processToken() {
    return `${bootId()}.${pidNamespace()}.${process.pid}.${startTime(process.pid) ?? '0'}`;
}
/** The `<boot>.<pidns>.<pid>.<start>` part that names the process in a token (threads die with it). */
export function processPart(token) {
    return token.split('.').slice(0, 4).join('.');
}
/**
 * Whether the process a token (or its process part) names may still run. A process of another PID
 * namespace (another container sharing the directory) cannot be checked from here: it counts as alive, so
 * what it holds is never taken from it (at worst an empty placeholder stays).
 */
export function isAlive(token) {
    const [boot, ns, pidText, start] = token.split('.');
    const pid = Number(pidText);
    if (!boot || !ns || !Number.isSafeInteger(pid) || pid <= 0 || start === undefined)
        return false;
    if (boot !== bootId())
        return false;
    if (ns !== pidNamespace())
        return true;
    if (pid === process.pid)
        return start === (startTime(pid) ?? '0');
    const now = startTime(pid);
    if (now !== undefined)
        return now === start;
    if (process.platform === 'linux')
        return false;
    // No /proc: the pid is all there is.
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
let namespace;
function pidNamespace() {
    if (namespace === undefined) {
        try {
            namespace = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? 'nons';
        }
        catch {
            namespace = 'nons';
        }
    }
    return namespace;
}
let boot;
function bootId() {
    if (boot === undefined) {
        try {
            boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().replace(/-/g, '').slice(0, 12);
        }
        catch {
            boot = 'noboot';
        }
    }
    return boot;
}
/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function startTime(pid) {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=liveness.js.map