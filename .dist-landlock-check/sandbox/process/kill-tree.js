import { RUN_MARKER_VAR } from './env.js';
import { descendantsOf, isAlive, processesWithEnv, readProcessTable } from './proc-table.js';
const POLL_MS = 20;
const MAX_KILL_ROUNDS = 50;
/**
 * Kill a spawned command and everything it started: SIGTERM to every process of the run, a grace period,
 * then SIGKILL until none is left. The child must have been spawned detached, so it leads its own process
 * group. A run is its group, its descendants (including those that called setsid), and, given the run id,
 * every process still carrying it in its environment (daemons that double-forked away from the tree).
 *
 * bwrap itself is spared SIGTERM: it dies of it at once and takes its PID namespace down with SIGKILL,
 * which would skip the command's grace period. Killing bwrap in the second phase ends everything inside.
 *
 * Once the leader has exited its pid is not trusted (it may be reused); only the run id finds leftovers.
 */
export async function killTree(child, opts = {}) {
    const report = { terminated: [], killed: [] };
    const pid = child.pid;
    if (!pid || pid <= 0)
        return report;
    // Read each time: a ChildProcess updates these when it is reaped, and from then on its pid may be reused.
    const leaderGone = () => (child.exitCode ?? null) !== null || (child.signalCode ?? null) !== null;
    // Nothing left to go by: the pid is not trusted and there is no run id.
    if (leaderGone() && !opts.runId)
        return report;
    const graceMs = opts.graceMs ?? 2000;
    const since = opts.startedAfter;
    const collect = () => {
        const table = readProcessTable();
        const members = new Set();
        if (!leaderGone()) {
            members.add(pid);
            for (const proc of table)
                if (proc.pgid === pid)
                    members.add(proc.pid);
            for (const d of descendantsOf(table, pid))
                members.add(d);
        }
        if (opts.runId) {
            // Only processes started since the run began can carry its id: far fewer environments to read.
            const recent = since === undefined ? table : table.filter((proc) => proc.startTicks >= since);
            for (const p of processesWithEnv(recent, RUN_MARKER_VAR, opts.runId))
                members.add(p);
        }
        return table.filter((proc) => members.has(proc.pid) && proc.state !== 'Z' && proc.pid !== process.pid);
    };
    const first = collect();
    if (first.length === 0 && leaderGone())
        return report;
    const gentle = first.filter((proc) => proc.comm !== 'bwrap');
    if (gentle.length > 0 && graceMs > 0) {
        for (const proc of gentle)
            if (signal(proc.pid, 'SIGTERM'))
                report.terminated.push(proc.pid);
        const deadline = Date.now() + graceMs;
        while (Date.now() < deadline && gentle.some((proc) => isAlive(proc.pid)))
            await sleep(POLL_MS);
    }
    for (let round = 0; round < MAX_KILL_ROUNDS; round++) {
        if (!leaderGone() && signal(-pid, 'SIGKILL') && round === 0)
            report.killed.push(pid);
        const left = collect();
        if (left.length === 0)
            break;
        for (const proc of left)
            if (signal(proc.pid, 'SIGKILL'))
                report.killed.push(proc.pid);
        await sleep(POLL_MS);
    }
    return report;
}
function signal(pid, sig) {
    try {
        process.kill(pid, sig);
        return true;
    }
    catch {
        return false;
    }
}
function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
//# sourceMappingURL=kill-tree.js.map