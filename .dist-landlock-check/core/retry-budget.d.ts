import type { ToolOutcome } from '../types/index.js';
export interface RetryBudgetLimits {
    /** Failures of the same call (tool + identical arguments) before it turns fatal. Default 3. */
    sameCall: number;
    /** Failures of one tool in a turn. Default 8. */
    perTool: number;
    /** Failures of all tools in a turn. Default 25. */
    perTurn: number;
}
export declare const DEFAULT_RETRY_BUDGET: RetryBudgetLimits;
/**
 * Counts recoverable failures in one turn so a model stuck in a loop gets told to stop: once a budget is
 * spent, the failing call comes back `fatal` with a hint that says which budget ran out.
 */
export declare class RetryBudget {
    private readonly limits;
    private readonly byCall;
    private readonly byTool;
    private total;
    constructor(limits: RetryBudgetLimits);
    /** Record one failure; returns the outcome to report (unchanged while budget remains). */
    recordFailure(toolName: string, callKey: string, outcome: ToolOutcome): ToolOutcome;
}
