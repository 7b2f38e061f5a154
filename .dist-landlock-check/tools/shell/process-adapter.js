// A session ProcessHandle over spawnPlanned: the planned argv (wrapped in the sandbox), its timeout, and
// killing that takes down the whole tree, bwrap's PID namespace included. A tty plan runs in a pty through
// spawnPlanned's `spawn` injection, so both kinds share one code path for timeouts and cleanup.
import { spawnPlanned, } from '../../sandbox/index.js';
import { ptySpawn } from './pty-spawn.js';
/** Start `plan` as a session's process. Each call spawns the plan once; plans are not reusable. */
export function plannedStart(plan, opts = {}) {
    return (start) => startPlanned(plan, {
        ...opts,
        ...(start.cols !== undefined ? { cols: start.cols } : {}),
        ...(start.rows !== undefined ? { rows: start.rows } : {}),
    });
}
export function startPlanned(plan, opts = {}) {
    const listeners = opts.onData ? [opts.onData] : [];
    const emit = (chunk) => {
        for (const cb of listeners)
            cb(chunk);
    };
    const spawnOptions = {
        onStdout: emit,
        onStderr: emit,
        ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
        ...(plan.tty
            ? {
                spawn: ptySpawn({
                    ...(opts.cols !== undefined ? { cols: opts.cols } : {}),
                    ...(opts.rows !== undefined ? { rows: opts.rows } : {}),
                }),
            }
            : {}),
    };
    const planned = spawnPlanned(plan, spawnOptions);
    const stdin = planned.stdin;
    let stdinOpen = stdin !== null;
    stdin?.on('error', () => {
        stdinOpen = false; // EPIPE: the reader exited
    });
    stdin?.on('close', () => {
        stdinOpen = false;
    });
    let result;
    const exited = planned.exit.then((exit) => {
        result = exit;
        stdinOpen = false;
        const end = { code: exit.code, signal: exit.signal };
        if (exit.error)
            end.error = exit.error;
        return end;
    });
    return {
        plan,
        get result() {
            return result;
        },
        get pid() {
            return planned.pid ?? 0;
        },
        get stdinOpen() {
            return stdinOpen && planned.running;
        },
        write(data) {
            if (!stdin || !stdinOpen)
                return Promise.reject(new Error('stdin is closed'));
            return new Promise((resolve, reject) => {
                stdin.write(data, (error) => (error ? reject(error) : resolve()));
            });
        },
        closeStdin() {
            stdinOpen = false;
            stdin?.end();
        },
        onData(cb) {
            listeners.push(cb);
        },
        exited,
        async kill() {
            await planned.kill('kill');
            await exited;
        },
        interrupt() {
            // SIGINT to the group. Under bwrap that is bwrap itself, which dies and takes the sandbox with it
            // (--die-with-parent), so Ctrl-C stops the command either way.
            const pid = planned.pid;
            if (!planned.running || !pid)
                return;
            try {
                process.kill(-pid, 'SIGINT');
            }
            catch {
                // already gone
            }
        },
    };
}
//# sourceMappingURL=process-adapter.js.map