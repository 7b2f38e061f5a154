import type { ToolUpdate } from '../../types/index.js';
export declare const PROGRESS_INTERVAL_MS = 100;
export declare const PROGRESS_TAIL_BYTES = 4096;
export declare class ProgressStream {
    private readonly send;
    private readonly intervalMs;
    private recent;
    private total;
    private timer;
    private lastSent;
    private stopped;
    constructor(send: (update: ToolUpdate) => void, intervalMs?: number);
    /** Records a chunk and schedules an update. */
    push(chunk: Buffer): void;
    /** Stops updates; nothing is sent afterwards. */
    stop(): void;
    private flush;
}
