import { spawn as nodeSpawn } from 'node:child_process';
import { killTree } from './kill-tree.js';
import { bootTicks } from './proc-table.js';
const DRAIN_MS = 2000;
const defaultSpawn = (file, args, request) => nodeSpawn(file, args, { cwd: request.cwd, env: request.env, detached: true, stdio: request.stdio });
/**
 * Start a planned command in its own process group, enforce its timeout and the caller's AbortSignal by
 * killing the whole tree, and report how it ended. When the command exits, whatever it left running is
 * killed too (bwrap's PID namespace already guarantees that; for `none` the run id finds them).
 */
export function spawnPlanned(plan, opts = {}) {
    const spawnFn = opts.spawn ?? defaultSpawn;
    const graceMs = opts.graceMs ?? 2000;
    // No PID namespace holds the tree (none; landlock, whose helper is the subreaper until a command kills it).
    const runId = plan.sandbox.backend !== 'bwrap' ? plan.runId : undefined;
    let reason;
    let running = true;
    let killing;
    let spawnError;
    const startedAfter = runId ? bootTicks() : undefined;
    const treeOptions = {
        ...(runId ? { runId } : {}),
        ...(startedAfter !== undefined ? { startedAfter } : {}),
    };
    let child;
    try {
        child = spawnFn(plan.argv[0], plan.argv.slice(1), {
            cwd: plan.cwd,
            env: plan.env,
            detached: true,
            stdio: [plan.stdin === 'pipe' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
            tty: plan.tty,
        });
    }
    catch (error) {
        spawnError = error.message;
        child = { stdin: null, stdout: null, stderr: null, once: () => undefined };
    }
    const streams = [child.stdout, child.stderr].filter((s) => s !== null);
    // Output nobody listens to is still read, or a full pipe would stall the command.
    consume(child.stdout, opts.onStdout);
    consume(child.stderr, opts.onStderr);
    // A closed stdin (the command exited) must not crash handrail with EPIPE.
    child.stdin?.on('error', () => undefined);
    const exited = new Promise((resolve) => {
        if (spawnError)
            return resolve({ code: null, signal: null });
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.once('error', (error) => {
            spawnError = error.message;
            resolve({ code: null, signal: null });
        });
    });
    const drained = Promise.all(streams.map((stream) => new Promise((resolve) => stream.once('close', () => resolve()))));
    const startKill = (why) => {
        reason ??= why;
        killing ??= killTree(child, { graceMs, ...treeOptions });
        return killing;
    };
    const timer = setTimeout(() => void startKill('timeout'), plan.timeoutMs);
    const onAbort = () => void startKill('abort');
    if (opts.signal?.aborted)
        onAbort();
    else
        opts.signal?.addEventListener('abort', onAbort, { once: true });
    const exit = (async () => {
        const ended = await exited;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        if (killing)
            await killing;
        // What the command left behind (a background job, a daemon) goes with it.
        const leftovers = await killTree({ pid: child.pid, exitCode: ended.code ?? -1 }, { graceMs: Math.min(graceMs, 500), ...treeOptions });
        // An escaped process (possible only without a sandbox) may hold the pipes open: stop waiting.
        let drainTimer;
        await Promise.race([
            drained,
            new Promise((resolve) => (drainTimer = setTimeout(resolve, DRAIN_MS))),
        ]);
        clearTimeout(drainTimer);
        for (const stream of streams)
            stream.destroy();
        running = false;
        const notes = opts.cleanup !== false ? await plan.cleanup() : [];
        const result = {
            code: ended.code,
            signal: ended.signal,
            timedOut: reason === 'timeout',
            aborted: reason === 'abort',
            killed: reason !== undefined,
            unsandboxed: plan.sandbox.unsandboxed,
            sandbox: plan.sandbox,
            leftovers: new Set([...leftovers.terminated, ...leftovers.killed]).size,
            notes,
        };
        if (spawnError)
            result.error = spawnError;
        return result;
    })();
    return {
        get pid() {
            return child.pid;
        },
        stdin: child.stdin,
        exit,
        get running() {
            return running;
        },
        async kill(why = 'kill') {
            if (running)
                await startKill(why);
            return exit;
        },
    };
}
function consume(stream, onData) {
    if (!stream)
        return;
    if (onData)
        stream.on('data', onData);
    else
        stream.resume();
}
//# sourceMappingURL=spawn.js.map