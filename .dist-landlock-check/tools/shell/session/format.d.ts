import type { EndReason } from './session.js';
export declare const DEFAULT_MAX_OUTPUT_TOKENS = 10000;
/** The estimate models are told about: a token is about four bytes. */
export declare const BYTES_PER_TOKEN = 4;
export interface ExecResultInput {
    wallTimeMs: number;
    exited: boolean;
    exitCode: number | null;
    signal?: string | null;
    /** Required while the process is still running. */
    sessionId?: number;
    /** The output read from the session's buffer. */
    read: {
        head: string;
        droppedBytes: number;
        tail: string;
        bytes: number;
    };
    maxOutputTokens?: number;
    /** Lines put before `Output:` (a warning near the session cap, how the session ended, ...). */
    notes?: string[];
}
export declare function estimateTokens(bytes: number): number;
export declare function formatExecResult(input: ExecResultInput): string;
/** `Process exited with code 0`; a signal is reported the way a shell reports it: 128 + its number. */
export declare function exitLine(code: number | null, signal: string | null): string;
/** Says why handrail stopped a session, for the notes. */
export declare function endedByNote(endedBy: EndReason, limits: {
    idleMs: number;
    lifetimeMs: number;
}): string;
/**
 * The output as the model sees it: terminal controls rendered away, then cut to `maxBytes`. Bytes the
 * session buffer dropped are reported in the same marker as bytes cut here.
 */
export declare function projectOutput(read: ExecResultInput['read'], maxBytes: number): string;
