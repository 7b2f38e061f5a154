import { type ProjectionLimits } from '../output/index.js';
import { type RetryBudgetLimits } from './retry-budget.js';
export interface RuntimeLimits {
    /** Raw arguments larger than this are refused before parsing (default 1 MiB). */
    maxArgumentBytes: number;
    /** Default per-call timeout (default 5 min); a tool may set its own. Infinity: none. */
    toolTimeoutMs: number;
    /** How long an aborted tool may take to clean up before its result returns (default 2 s). */
    abortGraceMs: number;
    /** How long a hook or a Standard Schema validator may take (default 30 s). */
    hookTimeoutMs: number;
    /** How long the permission stage may take, approvals included (default 10 min). */
    permissionTimeoutMs: number;
    /** The model-visible output bound (default 32 KiB / 2,000 lines). */
    output: ProjectionLimits;
    /** Images one result may carry, and the size of each in bytes (default 8, 5 MiB). */
    maxImages: number;
    maxImageBytes: number;
    /** Calls one turn may make (default 500). */
    maxCallsPerTurn: number;
    /** Read-only calls of a batch that run at once (default 8). */
    batchConcurrency: number;
    retryBudget: RetryBudgetLimits;
}
export declare const DEFAULT_RUNTIME_LIMITS: RuntimeLimits;
type Partialish = Partial<Omit<RuntimeLimits, 'output' | 'retryBudget'>> & {
    output?: Partial<ProjectionLimits>;
    retryBudget?: Partial<RetryBudgetLimits>;
};
/**
 * Merge user limits over the defaults. `undefined` keeps the default; anything that is not a positive number
 * (or Infinity where that means "none") is a programmer error, reported with every problem at once.
 */
export declare function resolveLimits(given?: Partialish): RuntimeLimits;
export {};
