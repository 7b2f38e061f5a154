import type { StartOptions, StartProcess } from './process-handle.js';
import { Session } from './session.js';
export declare const DEFAULT_MAX_SESSIONS = 64;
export declare const DEFAULT_WARN_AT = 56;
/** The runtime-wide cap: every manager registers its sessions here. */
export declare class SessionLimit {
    readonly max: number;
    readonly warnAt: number;
    /** Each live session with the manager that owns it. */
    readonly sessions: Map<Session, SessionManager>;
    constructor(opts?: {
        max?: number;
        warnAt?: number;
    });
    get running(): number;
    /** Removes the least recently used exited session; false when every session is still running. */
    pruneOne(): boolean;
    /** Closes every manager's sessions (runtime.close()). */
    closeAll(): Promise<void>;
}
export interface SessionManagerOptions {
    /** Shared with other managers for a runtime-wide cap (default: a cap of this manager's own). */
    limit?: SessionLimit;
    bufferBytes?: number;
    idleMs?: number;
    lifetimeMs?: number;
    now?: () => number;
}
export interface StartRequest extends StartOptions {
    /** The command as the model wrote it. */
    command: string;
}
export type StartResult = {
    ok: true;
    session: Session;
    warning?: string;
} | {
    ok: false;
    message: string;
};
export type LookupResult = {
    ok: true;
    session: Session;
} | {
    ok: false;
    message: string;
};
export declare class SessionManager {
    private readonly opts;
    readonly limit: SessionLimit;
    private readonly sessions;
    private readonly gone;
    private nextId;
    private closed;
    constructor(opts?: SessionManagerOptions);
    /** Sessions still held (running or exited and not yet pruned), oldest first. */
    list(): Session[];
    get size(): number;
    /** Starts a process through `start` and registers it as a new session, or explains why it cannot. */
    start(start: StartProcess, request: StartRequest): StartResult;
    /** The session with `id`, or a message saying why there is none. */
    lookup(id: number): LookupResult;
    /** Kills one session's process tree; the session stays readable until pruned. */
    terminate(id: number): Promise<void>;
    /** Kills every session's process tree and waits for all of them (turn end, runtime close). */
    closeAll(): Promise<void>;
    /** Drops a session from this manager and the shared limit (it must have exited). */
    forget(id: number, why: 'pruned' | 'closed'): void;
    private refusal;
}
