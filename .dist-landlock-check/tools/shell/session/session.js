// One running command the model can come back to: its process, its output buffer, its lifetimes.
import { HeadTailBuffer } from './head-tail-buffer.js';
export const DEFAULT_IDLE_MS = 10 * 60 * 1000;
export const DEFAULT_LIFETIME_MS = 60 * 60 * 1000;
export class Session {
    id;
    command;
    tty;
    handle;
    buffer;
    startedAt;
    lastUsed;
    /** Offset of the first byte the model has not been shown. */
    cursor = 0;
    /** Set once the process has exited and its tree is gone. */
    exit;
    /** Resolves with `exit`. */
    exited;
    endedBy;
    idleTimer;
    lifetimeTimer;
    idleMs;
    now;
    constructor(opts) {
        this.id = opts.id;
        this.command = opts.command;
        this.tty = opts.tty;
        this.handle = opts.handle;
        this.now = opts.now ?? Date.now;
        this.buffer = new HeadTailBuffer(opts.bufferBytes);
        this.startedAt = this.now();
        this.lastUsed = this.startedAt;
        this.idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
        this.handle.onData((chunk) => this.buffer.write(chunk));
        this.lifetimeTimer = setTimeout(() => void this.kill('lifetime'), opts.lifetimeMs ?? DEFAULT_LIFETIME_MS);
        this.lifetimeTimer.unref();
        this.armIdle();
        this.exited = this.handle.exited.then((end) => {
            clearTimeout(this.idleTimer);
            clearTimeout(this.lifetimeTimer);
            this.exit = this.endedBy ? { ...end, endedBy: this.endedBy } : end;
            return this.exit;
        });
    }
    get running() {
        return this.exit === undefined;
    }
    get stdinOpen() {
        return this.running && this.handle.stdinOpen;
    }
    /** Marks the session used now (a write or a poll) and restarts its idle clock. */
    touch() {
        this.lastUsed = this.now();
        if (this.running)
            this.armIdle();
    }
    /** Sends `chars` to the process. Ctrl-C alone interrupts a non-tty session (there is no terminal to). */
    async write(chars) {
        this.touch();
        if (chars === '')
            return { ok: true };
        if (!this.running) {
            return { ok: false, reason: 'exited', message: `Session ${this.id} has exited; its input is closed.` };
        }
        if (!this.tty && chars === '\u0003' && this.handle.interrupt) {
            this.handle.interrupt();
            return { ok: true };
        }
        if (!this.handle.stdinOpen)
            return { ok: false, reason: 'stdin_closed', message: this.stdinClosedMessage() };
        try {
            await this.handle.write(chars);
            return { ok: true };
        }
        catch {
            return { ok: false, reason: 'stdin_closed', message: this.stdinClosedMessage() };
        }
    }
    /** Output since the last read; the buffer then forgets it. `final` once the process has exited. */
    read() {
        const out = this.buffer.readSince(this.cursor, { final: !this.running });
        this.cursor = out.next;
        this.buffer.release(out.next);
        return out;
    }
    /** Kills the process tree; `reason` is reported with the exit. Resolves once it has exited. */
    async kill(reason = 'killed') {
        if (this.running) {
            this.endedBy ??= reason;
            await this.handle.kill();
        }
        return this.exited;
    }
    /** Calls `cb` with each chunk of output as it arrives (for streaming to the caller). */
    onData(cb) {
        this.handle.onData(cb);
    }
    armIdle() {
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => void this.kill('idle'), this.idleMs);
        this.idleTimer.unref();
    }
    stdinClosedMessage() {
        if (!this.tty) {
            return (`Session ${this.id} (\`${this.command}\`) was started without tty: true, so its standard input is ` +
                'closed and nothing was written. Start the command with tty: true to send it input; poll this ' +
                'session with empty chars to read its output, or send "\\u0003" to stop it.');
        }
        return (`Session ${this.id} (\`${this.command}\`) is running but its standard input is closed, so nothing ` +
            'was written. Poll it with empty chars to read its output, or start the command again with tty: true ' +
            'if it needs input.');
    }
}
//# sourceMappingURL=session.js.map