import { readdirSync, readFileSync } from 'node:fs';
/** Clock ticks per second of /proc times (USER_HZ, 100 on every Linux architecture handrail runs on). */
const TICKS_PER_SECOND = 100;
/** Now, in /proc start-time ticks since boot, rounded down with a tick to spare. */
export function bootTicks() {
    try {
        const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
        return Number.isFinite(uptime) ? Math.floor(uptime * TICKS_PER_SECOND) - 1 : 0;
    }
    catch {
        return 0;
    }
}
/** Parse /proc/<pid>/stat; the command name may hold spaces and parentheses, so split at the last ')'. */
export function readProc(pid) {
    let text;
    try {
        text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    }
    catch {
        return undefined;
    }
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    if (open < 0 || close < open)
        return undefined;
    const fields = text.slice(close + 2).split(' ');
    return {
        pid,
        comm: text.slice(open + 1, close),
        state: fields[0] ?? '?',
        ppid: Number(fields[1]),
        pgid: Number(fields[2]),
        sid: Number(fields[3]),
        startTicks: Number(fields[19]),
    };
}
/** Every process this user may see (all of them for root). */
export function readProcessTable() {
    const table = [];
    let names;
    try {
        names = readdirSync('/proc');
    }
    catch {
        return table;
    }
    for (const name of names) {
        if (!/^\d+$/.test(name))
            continue;
        const info = readProc(Number(name));
        if (info)
            table.push(info);
    }
    return table;
}
/** Whether a process exists and has not exited (a zombie has exited). */
export function isAlive(pid) {
    const info = readProc(pid);
    return info !== undefined && info.state !== 'Z' && info.state !== 'X';
}
/** pids below `pid` in the parent tree (not `pid` itself). */
export function descendantsOf(table, pid) {
    const children = new Map();
    for (const proc of table) {
        const list = children.get(proc.ppid);
        if (list)
            list.push(proc.pid);
        else
            children.set(proc.ppid, [proc.pid]);
    }
    const out = new Set();
    const stack = [pid];
    while (stack.length > 0) {
        for (const child of children.get(stack.pop()) ?? []) {
            if (out.has(child))
                continue;
            out.add(child);
            stack.push(child);
        }
    }
    return out;
}
/**
 * pids whose environment holds `name=value`: processes of one run that left its process group and its
 * parent tree (a daemon that double-forked and called setsid). Only readable environments are searched.
 */
export function processesWithEnv(table, name, value) {
    const needle = Buffer.from(`${name}=${value}\u0000`);
    const out = new Set();
    for (const proc of table) {
        if (proc.pid === process.pid)
            continue;
        try {
            const environ = readFileSync(`/proc/${proc.pid}/environ`);
            if (environ.indexOf(needle) === 0 || environ.includes(Buffer.concat([Buffer.from([0]), needle]))) {
                out.add(proc.pid);
            }
        }
        catch {
            // gone, or not ours to read
        }
    }
    return out;
}
//# sourceMappingURL=proc-table.js.map