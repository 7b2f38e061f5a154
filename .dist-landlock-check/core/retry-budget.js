export const DEFAULT_RETRY_BUDGET = { sameCall: 3, perTool: 8, perTurn: 25 };
/**
 * Counts recoverable failures in one turn so a model stuck in a loop gets told to stop: once a budget is
 * spent, the failing call comes back `fatal` with a hint that says which budget ran out.
 */
export class RetryBudget {
    limits;
    byCall = new Map();
    byTool = new Map();
    total = 0;
    constructor(limits) {
        this.limits = limits;
    }
    /** Record one failure; returns the outcome to report (unchanged while budget remains). */
    recordFailure(toolName, callKey, outcome) {
        const sameCall = (this.byCall.get(callKey) ?? 0) + 1;
        const perTool = (this.byTool.get(toolName) ?? 0) + 1;
        this.total++;
        // Bounded: a turn has a call cap, but keep the key map from growing without end anyway.
        if (this.byCall.size < 10_000 || this.byCall.has(callKey))
            this.byCall.set(callKey, sameCall);
        this.byTool.set(toolName, perTool);
        if (outcome.status !== 'recoverable')
            return outcome;
        let hint;
        if (sameCall >= this.limits.sameCall) {
            hint = `This exact call has now failed ${sameCall} times in this turn. Stop retrying it: change the approach or report the problem to the user.`;
        }
        else if (perTool >= this.limits.perTool) {
            hint = `${toolName} has failed ${perTool} times in this turn. Stop retrying it: change the approach or report the problem to the user.`;
        }
        else if (this.total >= this.limits.perTurn) {
            hint = `Tool calls have failed ${this.total} times in this turn. Stop retrying: summarize what went wrong for the user.`;
        }
        if (!hint)
            return outcome;
        const exhausted = { status: 'fatal', hint };
        if (outcome.errorClass)
            exhausted.errorClass = outcome.errorClass;
        return exhausted;
    }
}
//# sourceMappingURL=retry-budget.js.map