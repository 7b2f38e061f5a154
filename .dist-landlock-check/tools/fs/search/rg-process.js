import { spawn } from 'node:child_process';
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
/** stderr kept for error messages. */
const MAX_STDERR_BYTES = 16 * 1024;
/**
 * The first `rg` executable on PATH, or undefined. PATH entries inside the given roots are skipped: an
 * activated venv or `npm run` puts workspace folders on PATH, and an `rg` planted there would otherwise run
 * outside every sandbox.
 */
export function findRipgrep(searchPath = process.env.PATH ?? '', excludedRoots = []) {
    for (const dir of searchPath.split(path.delimiter)) {
        if (!dir || !path.isAbsolute(dir))
            continue; // a relative PATH entry would depend on the cwd
        if (excludedRoots.some((root) => isInside(canonical(dir), root)))
            continue;
        const candidate = path.join(dir, 'rg');
        try {
            accessSync(candidate, constants.X_OK);
            if (statSync(candidate).isFile())
                return candidate;
        }
        catch {
            // not here
        }
    }
    return undefined;
}
function canonical(dir) {
    try {
        return realpathSync(dir);
    }
    catch {
        return dir;
    }
}
function isInside(child, parent) {
    return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}
/**
 * Run ripgrep with an argv built by the caller (never a shell), an empty environment (so no
 * RIPGREP_CONFIG_PATH, and nothing else of ours reaches it), stdin closed, stdout streamed line by line and
 * capped. Killed when the consumer stops, the cap is passed, or the call's signal fires.
 */
export function runRipgrep(rg, args, opts) {
    return new Promise((resolve, reject) => {
        opts.signal.throwIfAborted();
        const child = spawn(rg, args, { cwd: opts.cwd, env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
        let stopped = false;
        let overflowed = false;
        let bytes = 0;
        let carry;
        let stderr = '';
        let failure;
        const stop = () => {
            if (stopped)
                return;
            stopped = true;
            child.kill('SIGKILL');
        };
        const onAbort = () => stop();
        opts.signal.addEventListener('abort', onAbort, { once: true });
        child.stdout.on('data', (chunk) => {
            if (stopped)
                return;
            bytes += chunk.length;
            if (bytes > opts.maxStdoutBytes) {
                overflowed = true;
                stop();
                return;
            }
            const data = carry ? Buffer.concat([carry, chunk]) : chunk;
            let start = 0;
            try {
                for (let nl = data.indexOf(0x0a); nl >= 0; nl = data.indexOf(0x0a, start)) {
                    const keepGoing = opts.onLine(data.subarray(start, nl));
                    start = nl + 1;
                    if (!keepGoing) {
                        stop();
                        return;
                    }
                }
            }
            catch (error) {
                // A consumer that throws must not become an uncaught exception in a stream handler.
                failure = error;
                stop();
                return;
            }
            carry = start < data.length ? Buffer.from(data.subarray(start)) : undefined;
        });
        child.stderr.on('data', (chunk) => {
            if (stderr.length < MAX_STDERR_BYTES) {
                stderr += chunk.toString('utf8').slice(0, MAX_STDERR_BYTES - stderr.length);
            }
        });
        child.on('error', (error) => {
            opts.signal.removeEventListener('abort', onAbort);
            reject(error);
        });
        child.on('close', (code) => {
            opts.signal.removeEventListener('abort', onAbort);
            if (opts.signal.aborted || failure !== undefined) {
                reject(failure ?? opts.signal.reason);
                return;
            }
            try {
                if (!stopped && carry && carry.length > 0)
                    opts.onLine(carry);
            }
            catch (error) {
                reject(error);
                return;
            }
            resolve({ code, stderr, stopped, overflowed });
        });
    });
}
//# sourceMappingURL=rg-process.js.map