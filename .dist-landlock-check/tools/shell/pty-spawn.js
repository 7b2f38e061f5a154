// A SpawnFunction for spawnPlanned that runs the planned argv (bwrap included) in a pseudo-terminal, so a
// tty command gets the same timeout, tree killing and cleanup as a piped one. The child leads its own
// session and process group (node-pty calls setsid), which is what spawnPlanned's killing expects.
// The terminal is @lydell/node-pty: node-pty with its binaries shipped in npm packages.
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { PassThrough, Writable } from 'node:stream';
export const DEFAULT_COLS = 120;
export const DEFAULT_ROWS = 40;
let ptyModule;
/** Loaded on first use, so hosts without a pty binary still load everything else. */
function loadPty() {
    if (!ptyModule) {
        try {
            ptyModule = createRequire(import.meta.url)('@lydell/node-pty');
        }
        catch (error) {
            throw new Error(`Pseudo-terminals are unavailable on this host (${error.message}); run without tty.`);
        }
    }
    return ptyModule;
}
/** A spawner whose child is a pty: output arrives on `stdout` (stderr is merged by the terminal). */
export function ptySpawn(opts = {}) {
    return (file, args, request) => {
        const term = loadPty().spawn(file, args, {
            name: request.env.TERM ?? 'xterm-256color',
            cols: opts.cols ?? DEFAULT_COLS,
            rows: opts.rows ?? DEFAULT_ROWS,
            cwd: request.cwd,
            env: request.env,
            // Raw bytes: the session buffer decodes UTF-8 itself.
            encoding: null,
        });
        const events = new EventEmitter();
        const stdout = new PassThrough();
        const stderr = new PassThrough();
        let done = false;
        const stdin = new Writable({
            write(chunk, _encoding, callback) {
                if (done)
                    return callback(new Error('the terminal is closed'));
                // node-pty writes Buffers as they are; its typings only mention strings.
                term.write(chunk);
                callback();
            },
            final(callback) {
                // A terminal has no input to close: Ctrl-D is end-of-file for a reader in canonical mode.
                if (!done)
                    term.write('\x04');
                callback();
            },
        });
        term.onData((chunk) => stdout.write(chunk));
        const child = {
            pid: term.pid,
            stdin,
            stdout,
            stderr,
            exitCode: null,
            signalCode: null,
            once(event, listener) {
                events.once(event, listener);
                return child;
            },
        };
        // node-pty reports the exit once its socket has closed, so no output follows it.
        term.onExit(({ exitCode, signal }) => {
            done = true;
            const name = signal ? signalName(signal) : null;
            child.exitCode = name ? null : exitCode;
            child.signalCode = name;
            stdout.end();
            stderr.end();
            events.emit('exit', child.exitCode, name);
        });
        return child;
    };
}
function signalName(signo) {
    for (const [name, value] of Object.entries(constants.signals)) {
        if (value === signo)
            return name;
    }
    return null;
}
//# sourceMappingURL=pty-spawn.js.map