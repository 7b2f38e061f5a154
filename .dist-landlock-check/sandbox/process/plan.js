import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PROXY_PORT, proxyEnv } from '../network/index.js';
import { buildCommandEnv, envRefusalMessage } from './env.js';
import { resolveRlimits } from './rlimits.js';
import { createRunDir } from './run-dir.js';
import { commandSizeProblem, shellArgv } from './shell.js';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_TIMEOUT_CAP_MS = 600_000;
const fail = (errorClass, message) => ({
    ok: false,
    errorClass,
    message,
});
/**
 * Turn a model's request to run a command into a spawn plan: the shell argv, a filtered environment with a
 * fresh HOME, a checked working directory, a capped timeout, and the backend's wrapping. Every refusal is
 * a result with an error class and a message that says what to change.
 */
export async function buildProcessSpawnPlan(input, ctx) {
    const { cmd } = input;
    if (typeof cmd !== 'string' || cmd.trim() === '') {
        return fail('invalid_arguments', 'The command is empty; give the shell command to run.');
    }
    if (cmd.includes('\u0000'))
        return fail('invalid_arguments', 'The command contains a NUL character.');
    const tooBig = commandSizeProblem(cmd);
    if (tooBig)
        return fail('invalid_arguments', tooBig);
    const shell = shellArgv(input.shell, cmd);
    if ('message' in shell)
        return fail('invalid_arguments', shell.message);
    const notes = [];
    const timeout = resolveTimeout(input.timeoutMs, ctx, notes);
    if (typeof timeout === 'string')
        return fail('invalid_arguments', timeout);
    if (input.stdin !== undefined && input.stdin !== 'closed' && input.stdin !== 'pipe') {
        return fail('invalid_arguments', `stdin must be "closed" or "pipe", not ${JSON.stringify(input.stdin)}.`);
    }
    const tty = input.tty === true;
    if (input.env !== undefined &&
        (typeof input.env !== 'object' || input.env === null || Array.isArray(input.env))) {
        return fail('invalid_arguments', 'env must be an object mapping variable names to string values.');
    }
    const refused = refusedModelEnv(input.env);
    if (refused.length > 0)
        return fail('invalid_arguments', envRefusalMessage(refused));
    const { files, backend } = ctx;
    const workdir = await files.checkRead(input.workdir ?? files.cwd, { kind: 'directory' });
    if (!workdir.ok)
        return fail('sandbox_violation', workdir.message);
    if (!workdir.stat) {
        return fail('not_found', `The working directory ${workdir.display} does not exist.`);
    }
    const status = backend.status();
    if (status.state === 'unavailable') {
        return fail('permission_denied', status.reason ?? `The ${backend.name} sandbox is unavailable.`);
    }
    const writable = files.roots.filter((root) => root.access === 'write').map((root) => root.path);
    let runDir;
    try {
        runDir = await createRunDir(writable);
    }
    catch (error) {
        return fail('io_error', `Cannot prepare the command's HOME directory: ${error.message}`);
    }
    const runId = randomBytes(8).toString('hex');
    const env = buildCommandEnv({
        host: ctx.hostEnv ?? process.env,
        home: runDir.home,
        tmp: runDir.tmp,
        tty,
        runId,
        writableRoots: writable,
        ...(ctx.profile.extraEnv ? { extra: ctx.profile.extraEnv } : {}),
        ...(input.env ? { model: input.env } : {}),
    });
    if (!env.ok) {
        await runDir.remove();
        return fail('invalid_arguments', envRefusalMessage(env.refused));
    }
    const network = await openProxy(ctx, runDir.root, notes);
    if (typeof network === 'string') {
        await runDir.remove();
        return fail('io_error', network);
    }
    // The proxy's variables win over the profile's: the proxy is the only way out of the sandbox.
    if (network.endpoint)
        Object.assign(env.env, proxyEnv(network.endpoint.port));
    const command = {
        argv: shell.argv,
        env: env.env,
        cwd: workdir.path,
        runDir: runDir.root,
        home: runDir.home,
        tmp: runDir.tmp,
        tty,
        rlimits: resolveRlimits(ctx.profile.rlimits),
    };
    const policy = {
        roots: files.roots,
        network: ctx.profile.network === true,
        ...(network.endpoint ? { proxy: network.endpoint } : {}),
        ...(ctx.filePolicy?.denyRead ? { denyRead: ctx.filePolicy.denyRead } : {}),
        ...(ctx.filePolicy?.protectedPaths ? { protectedPaths: ctx.filePolicy.protectedPaths } : {}),
        ...(ctx.filePolicy?.stateDir ? { stateDir: ctx.filePolicy.stateDir } : {}),
    };
    let wrapped;
    try {
        wrapped = await backend.wrap(command, policy);
    }
    catch (error) {
        wrapped = {
            ok: false,
            errorClass: 'internal',
            message: `The sandbox failed: ${error.message}`,
        };
    }
    if (!wrapped.ok) {
        await network.close();
        await runDir.remove();
        return wrapped;
    }
    const { release } = wrapped;
    let cleaned;
    return {
        ok: true,
        plan: {
            argv: wrapped.argv,
            env: wrapped.env,
            cwd: wrapped.cwd,
            timeoutMs: timeout,
            stdin: tty || input.stdin === 'pipe' ? 'pipe' : 'closed',
            tty,
            command: { argv: shell.argv, env: wrapped.commandEnv, cwd: workdir.path },
            sandbox: wrapped.sandbox,
            runId,
            notes,
            cleanup() {
                // The proxy's socket first: it lives in the run directory.
                cleaned ??= network
                    .close()
                    .then(() => Promise.allSettled([release(), runDir.remove()]))
                    .then(([released]) => (released.status === 'fulfilled' ? released.value : []));
                return cleaned;
            },
        },
    };
}
/** Longest unix socket path the kernel takes (sun_path, with its NUL). */
const MAX_SOCKET_PATH = 107;
/**
 * The command's entrance to the network proxy, when the context has one: a socket in the run directory,
 * served on the sandbox's loopback by a backend that accepts the proxy. Returns the problem in words when
 * the proxy cannot listen; a backend that cannot take it gets none, and the command is told so.
 */
async function openProxy(ctx, runDir, notes) {
    const none = { close: async () => undefined };
    if (!ctx.proxy || ctx.profile.network === true)
        return none;
    if (!ctx.backend.acceptsProxy) {
        notes.push(`Commands are not routed through handrail's network proxy (network.commands): the ${ctx.backend.name} sandbox cannot do it.`);
        return none;
    }
    const socket = path.join(runDir, 'proxy.sock');
    if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
        return `Cannot start the command's network proxy: its socket path ${socket} is longer than ${MAX_SOCKET_PATH} bytes (set TMPDIR to a shorter directory).`;
    }
    try {
        const listener = await ctx.proxy(socket);
        return { endpoint: { socket, port: PROXY_PORT }, close: () => listener.close() };
    }
    catch (error) {
        return `Cannot start the command's network proxy: ${error.message}`;
    }
}
function resolveTimeout(requested, ctx, notes) {
    const cap = ctx.profile.timeoutCapMs ?? DEFAULT_TIMEOUT_CAP_MS;
    const fallback = Math.min(ctx.profile.timeoutDefaultMs ?? DEFAULT_TIMEOUT_MS, cap);
    if (requested === undefined)
        return fallback;
    if (typeof requested !== 'number' || !Number.isFinite(requested) || requested <= 0) {
        return `The timeout must be a positive number of milliseconds, not ${JSON.stringify(requested)}.`;
    }
    if (requested > cap) {
        notes.push(`The timeout of ${requested} ms was capped at ${cap} ms, the longest this profile allows.`);
        return cap;
    }
    return Math.ceil(requested);
}
/** Check model-supplied variables before anything is created on disk. */
function refusedModelEnv(model) {
    if (model === undefined)
        return [];
    const probe = buildCommandEnv({
        host: {},
        home: '/',
        tmp: '/',
        tty: false,
        runId: '',
        model,
    });
    return probe.ok ? [] : probe.refused;
}
//# sourceMappingURL=plan.js.map