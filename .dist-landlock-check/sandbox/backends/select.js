import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveRlimits } from '../process/rlimits.js';
import { createRunDir } from '../process/run-dir.js';
import { createBwrapBackend } from './bwrap.js';
import { createLandlockBackend } from './landlock.js';
import { createNoneBackend } from './none.js';
const PROBE_TIMEOUT_MS = 10_000;
const AUTO_ADVICE = "Install bubblewrap (and allow unprivileged user namespaces), or use a kernel with Landlock (5.13 or later, handrail installed with a C compiler), or choose sandbox 'none' to run commands without one.";
/**
 * The backend for a profile's choice. `none` only when chosen. `bwrap` and `landlock` once a probe has run
 * a command in them (cached per process and options). `auto` tries bwrap, then Landlock. A backend that
 * cannot run is never replaced by `none`: the result then refuses every command, with every reason.
 */
export async function selectBackend(choice, options = {}) {
    if (choice === 'none')
        return createNoneBackend();
    const bwrapOptions = withRunAs(options.bwrap, options.runAs);
    const landlockOptions = withRunAs(options.landlock, options.runAs);
    if (choice === 'bwrap') {
        const tried = await tryBackend(createBwrapBackend(bwrapOptions), bwrapOptions);
        if ('backend' in tried)
            return tried.backend;
        return unavailableBackend(`The bwrap sandbox this profile requires is unavailable, so commands are refused: ${tried.reason}`);
    }
    if (choice === 'landlock') {
        const tried = await tryBackend(createLandlockBackend(landlockOptions), landlockOptions);
        if ('backend' in tried)
            return tried.backend;
        return unavailableBackend(`The Landlock sandbox this profile requires is unavailable, so commands are refused: ${tried.reason}`, 'landlock');
    }
    if (choice !== 'auto') {
        return unavailableBackend(`Unknown sandbox ${JSON.stringify(choice)}: choose 'auto', 'bwrap', 'landlock' or 'none'.`);
    }
    const bwrap = await tryBackend(createBwrapBackend(bwrapOptions), bwrapOptions);
    if ('backend' in bwrap)
        return bwrap.backend;
    const landlock = await tryBackend(createLandlockBackend(landlockOptions), landlockOptions);
    if ('backend' in landlock)
        return withStatusNote(landlock.backend, `bwrap cannot run here: ${bwrap.reason}`);
    return unavailableBackend(`No OS sandbox is available, so commands are refused: ${bwrap.reason} Landlock: ${landlock.reason} ${AUTO_ADVICE}`);
}
function withRunAs(own, runAs) {
    return { ...(runAs !== undefined ? { runAs } : {}), ...own };
}
/** The backend once its status and a test command say it works, or why not. */
async function tryBackend(backend, options) {
    const status = backend.status();
    const reason = status.state === 'unavailable'
        ? (status.reason ?? `${backend.name} is unavailable.`)
        : (await probeBackend(backend, options)).reason;
    return reason === undefined ? { backend } : { reason };
}
/** The same backend, its status saying why `auto` did not choose the one before it. */
function withStatusNote(backend, note) {
    return {
        name: backend.name,
        status: () => {
            const own = backend.status();
            return { ...own, reason: own.reason ? `${own.reason} (${note})` : note };
        },
        wrap: (command, policy) => backend.wrap(command, policy),
    };
}
/** A backend that refuses every command with the reason it gave for being unavailable. */
export function unavailableBackend(reason, name = 'bwrap') {
    const status = { state: 'unavailable', reason };
    return {
        name,
        status: () => status,
        wrap: async () => ({ ok: false, errorClass: 'permission_denied', message: reason }),
    };
}
const probes = new Map();
/** Forget cached probe results (tests; after installing bubblewrap). */
export function clearBackendProbes() {
    probes.clear();
}
/** Run `true` in bwrap exactly as a command would run; the reason is bwrap's own complaint. */
export function probeBwrap(backend, options = {}) {
    return probeBackend(backend, options);
}
/** Run `true` in the backend exactly as a command would run (cached per backend and options). */
function probeBackend(backend, options) {
    const key = `${backend.name}:${JSON.stringify(options)}`;
    let probe = probes.get(key);
    if (!probe) {
        probe = runProbe(backend);
        probes.set(key, probe);
    }
    return probe;
}
async function runProbe(backend) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'handrail-probe-'));
    await fs.chmod(dir, 0o755);
    const runDir = await createRunDir([]);
    try {
        const wrapped = await backend.wrap({
            argv: ['true'],
            env: { PATH: '/usr/bin:/bin', HOME: runDir.home },
            cwd: dir,
            runDir: runDir.root,
            home: runDir.home,
            tmp: runDir.tmp,
            tty: false,
            rlimits: resolveRlimits(),
        }, { roots: [{ path: dir, access: 'read' }], network: false });
        if (!wrapped.ok)
            return { reason: wrapped.message };
        try {
            return await runOnce(backend.name, wrapped.argv, wrapped.env, wrapped.cwd);
        }
        finally {
            await wrapped.release();
        }
    }
    catch (error) {
        return { reason: error.message };
    }
    finally {
        await runDir.remove();
        await fs.rm(dir, { recursive: true, force: true });
    }
}
function runOnce(name, argv, env, cwd) {
    return new Promise((resolve) => {
        const child = spawn(argv[0], argv.slice(1), { env, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk) => {
            if (stderr.length < 2000)
                stderr += chunk.toString();
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
        child.once('error', (error) => {
            clearTimeout(timer);
            resolve({ reason: `${name} could not be started: ${error.message}.` });
        });
        child.once('close', (code, signal) => {
            clearTimeout(timer);
            if (code === 0)
                return resolve({});
            const said = stderr.trim().replace(/\s+/g, ' ');
            resolve({
                reason: `a test command in ${name} failed (${signal ? `signal ${signal}` : `exit code ${code}`})${said ? `: ${said}` : ''}.`,
            });
        });
    });
}
//# sourceMappingURL=select.js.map