import type { ToolResult } from '../types/index.js';
/**
 * Run a batch the way a model expects it to behave: read-only calls run concurrently (up to `concurrency`),
 * a mutating call waits for everything before it and holds back everything after it, and results come back
 * in the model's order. Once `signal` aborts, calls not yet started are still run through `runOne` (which
 * turns them into `cancelled` results) so every call gets its events and a result.
 */
export declare function runBatch<C>(calls: readonly C[], isReadOnly: (call: C) => boolean, runOne: (call: C) => Promise<ToolResult>, concurrency: number): Promise<ToolResult[]>;
