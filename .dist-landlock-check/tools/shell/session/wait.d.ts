import type { BufferRead } from './head-tail-buffer.js';
import type { Session } from './session.js';
export declare const DEFAULT_YIELD_MS = 10000;
export declare const MIN_YIELD_MS = 250;
export declare const MAX_YIELD_MS = 30000;
export interface WaitOptions {
    yieldTimeMs?: number;
    signal?: AbortSignal;
}
export interface WaitResult {
    exited: boolean;
    /** The exit code; null while running or when a signal ended it. */
    exitCode: number | null;
    signal: string | null;
    wallTimeMs: number;
    /** What the model has not seen yet, with a dropped-bytes line where the buffer had to drop some. */
    output: string;
    droppedBytes: number;
    /** The same read, in parts (head, dropped count, tail, bytes covered). */
    read: BufferRead;
    /** The wait ended because the signal aborted. */
    aborted: boolean;
}
/** yield_time_ms as the model gave it, brought into 250 ms – 30 s (10 s when absent or not a number). */
export declare function clampYieldTime(ms: number | undefined): number;
export declare function waitForOutput(session: Session, opts?: WaitOptions): Promise<WaitResult>;
