import type { ToolContext, ToolResult, ToolSpec } from '../types/index.js';
export interface ExecuteOptions {
    /** The caller's signal and the turn's signal; either aborts the call. */
    signals: Array<AbortSignal | undefined>;
    timeoutMs: number;
    /** How long an aborted tool may take to clean up (kill its processes) before the result returns. */
    abortGraceMs: number;
}
/**
 * Run a tool's execute with an AbortSignal that fires on caller abort, turn end or timeout. The result
 * returns when the tool settles, or — if it ignores the signal — after a short grace period; a late
 * rejection from an abandoned tool is swallowed, never an unhandled rejection.
 */
export declare function executeTool(spec: ToolSpec, args: Record<string, unknown>, ctx: Omit<ToolContext, 'signal'>, opts: ExecuteOptions): Promise<ToolResult>;
