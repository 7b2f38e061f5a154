import { type BufferRead, HeadTailBuffer } from './head-tail-buffer.js';
import type { ProcessEnd, ProcessHandle } from './process-handle.js';
/** Why a session's process was stopped by handrail rather than ending on its own. */
export type EndReason = 'idle' | 'lifetime' | 'closed' | 'killed';
export interface SessionExit extends ProcessEnd {
    /** Set when handrail killed it. */
    endedBy?: EndReason;
}
export interface SessionOptions {
    id: number;
    /** The command as the model wrote it (named in messages). */
    command: string;
    tty: boolean;
    handle: ProcessHandle;
    bufferBytes?: number;
    /** Kill after this long without a write or poll (default 10 min). */
    idleMs?: number;
    /** Kill after this long in all (default 1 h). */
    lifetimeMs?: number;
    now?: () => number;
}
export declare const DEFAULT_IDLE_MS: number;
export declare const DEFAULT_LIFETIME_MS: number;
export type WriteOutcome = {
    ok: true;
} | {
    ok: false;
    reason: 'exited' | 'stdin_closed';
    message: string;
};
export declare class Session {
    readonly id: number;
    readonly command: string;
    readonly tty: boolean;
    readonly handle: ProcessHandle;
    readonly buffer: HeadTailBuffer;
    readonly startedAt: number;
    lastUsed: number;
    /** Offset of the first byte the model has not been shown. */
    cursor: number;
    /** Set once the process has exited and its tree is gone. */
    exit: SessionExit | undefined;
    /** Resolves with `exit`. */
    readonly exited: Promise<SessionExit>;
    private endedBy;
    private idleTimer;
    private lifetimeTimer;
    private readonly idleMs;
    private readonly now;
    constructor(opts: SessionOptions);
    get running(): boolean;
    get stdinOpen(): boolean;
    /** Marks the session used now (a write or a poll) and restarts its idle clock. */
    touch(): void;
    /** Sends `chars` to the process. Ctrl-C alone interrupts a non-tty session (there is no terminal to). */
    write(chars: string): Promise<WriteOutcome>;
    /** Output since the last read; the buffer then forgets it. `final` once the process has exited. */
    read(): BufferRead;
    /** Kills the process tree; `reason` is reported with the exit. Resolves once it has exited. */
    kill(reason?: EndReason): Promise<SessionExit>;
    /** Calls `cb` with each chunk of output as it arrives (for streaming to the caller). */
    onData(cb: (chunk: Buffer | string) => void): void;
    private armIdle;
    private stdinClosedMessage;
}
