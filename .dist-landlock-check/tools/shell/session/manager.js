// The sessions of one turn: small integer ids, a cap shared runtime-wide, least-recently-used pruning of
// exited sessions, and killing everything when the turn ends.
import { commandLabel, formatAge } from './describe.js';
import { Session } from './session.js';
export const DEFAULT_MAX_SESSIONS = 64;
export const DEFAULT_WARN_AT = 56;
/** The runtime-wide cap: every manager registers its sessions here. */
export class SessionLimit {
    max;
    warnAt;
    /** Each live session with the manager that owns it. */
    sessions = new Map();
    constructor(opts = {}) {
        this.max = opts.max ?? DEFAULT_MAX_SESSIONS;
        this.warnAt = Math.min(opts.warnAt ?? Math.max(1, this.max - 8), this.max);
    }
    get running() {
        let n = 0;
        for (const session of this.sessions.keys())
            if (session.running)
                n++;
        return n;
    }
    /** Removes the least recently used exited session; false when every session is still running. */
    pruneOne() {
        let oldest;
        for (const session of this.sessions.keys()) {
            if (!session.running && (!oldest || session.lastUsed < oldest.lastUsed))
                oldest = session;
        }
        if (!oldest)
            return false;
        this.sessions.get(oldest)?.forget(oldest.id, 'pruned');
        return true;
    }
    /** Closes every manager's sessions (runtime.close()). */
    async closeAll() {
        await Promise.all([...new Set(this.sessions.values())].map((manager) => manager.closeAll()));
    }
}
export class SessionManager {
    opts;
    limit;
    sessions = new Map();
    gone = new Map();
    nextId = 1;
    closed = false;
    constructor(opts = {}) {
        this.opts = opts;
        this.limit = opts.limit ?? new SessionLimit();
    }
    /** Sessions still held (running or exited and not yet pruned), oldest first. */
    list() {
        return [...this.sessions.values()];
    }
    get size() {
        return this.sessions.size;
    }
    /** Starts a process through `start` and registers it as a new session, or explains why it cannot. */
    start(start, request) {
        if (this.closed)
            return { ok: false, message: 'The turn has ended; its shell sessions are closed.' };
        while (this.limit.sessions.size >= this.limit.max) {
            if (!this.limit.pruneOne())
                return { ok: false, message: this.refusal() };
        }
        const { command, ...startOptions } = request;
        let handle;
        try {
            handle = start(startOptions);
        }
        catch (error) {
            return {
                ok: false,
                message: `Could not start \`${commandLabel(command)}\`: ${error.message}`,
            };
        }
        const session = new Session({
            id: this.nextId++,
            command,
            tty: request.tty,
            handle,
            ...(this.opts.bufferBytes !== undefined ? { bufferBytes: this.opts.bufferBytes } : {}),
            ...(this.opts.idleMs !== undefined ? { idleMs: this.opts.idleMs } : {}),
            ...(this.opts.lifetimeMs !== undefined ? { lifetimeMs: this.opts.lifetimeMs } : {}),
            ...(this.opts.now ? { now: this.opts.now } : {}),
        });
        this.sessions.set(session.id, session);
        this.limit.sessions.set(session, this);
        const running = this.limit.running;
        if (running < this.limit.warnAt)
            return { ok: true, session };
        const warning = `Warning: ${running} of ${this.limit.max} shell sessions are running. Stop the ones you no longer need ` +
            '(write_stdin with chars "\\u0003" sends Ctrl-C); at the limit no new session can start.';
        return { ok: true, session, warning };
    }
    /** The session with `id`, or a message saying why there is none. */
    lookup(id) {
        const session = this.sessions.get(id);
        if (session)
            return { ok: true, session };
        const gone = this.gone.get(id);
        if (gone === 'pruned') {
            return {
                ok: false,
                message: `Session ${id} had exited and was cleared to make room for new sessions; its output is gone.`,
            };
        }
        if (gone === 'closed')
            return { ok: false, message: `Session ${id} was closed when the turn ended.` };
        const running = this.list().filter((s) => s.running);
        const known = running.length > 0
            ? `Running sessions: ${running.map((s) => s.id).join(', ')}.`
            : 'No session is running; exec_command returns a session ID when its command is still running.';
        return { ok: false, message: `No session with ID ${id}. ${known}` };
    }
    /** Kills one session's process tree; the session stays readable until pruned. */
    async terminate(id) {
        await this.sessions.get(id)?.kill('killed');
    }
    /** Kills every session's process tree and waits for all of them (turn end, runtime close). */
    async closeAll() {
        this.closed = true;
        const all = this.list();
        await Promise.all(all.map((session) => session.kill('closed')));
        for (const session of all)
            this.forget(session.id, 'closed');
    }
    /** Drops a session from this manager and the shared limit (it must have exited). */
    forget(id, why) {
        const session = this.sessions.get(id);
        if (!session)
            return;
        this.sessions.delete(id);
        this.limit.sessions.delete(session);
        this.gone.set(id, why);
    }
    refusal() {
        const mine = this.list()
            .filter((s) => s.running)
            .sort((a, b) => a.startedAt - b.startedAt);
        const now = (this.opts.now ?? Date.now)();
        const max = this.limit.max;
        if (mine.length === 0) {
            return (`Cannot start another shell session: all ${max} sessions allowed at once are running in other turns. ` +
                'Try again once some of them have finished.');
        }
        const oldest = mine
            .slice(0, 3)
            .map((s) => `session ${s.id} (\`${commandLabel(s.command)}\`, started ${formatAge(now - s.startedAt)} ago, ` +
            `last used ${formatAge(now - s.lastUsed)} ago)`)
            .join(', ');
        const others = this.limit.sessions.size - this.sessions.size;
        const elsewhere = others > 0 ? ` (${others} of them belong to other turns)` : '';
        return (`Cannot start another shell session: all ${max} sessions allowed at once are still running${elsewhere}. ` +
            `The oldest are ${oldest}. End one first — write_stdin with chars "\\u0003" sends Ctrl-C — or wait ` +
            'for one to exit, then run the command again.');
    }
}
//# sourceMappingURL=manager.js.map