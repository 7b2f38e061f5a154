import type { ApprovalOutcome, ApprovalRequest, Approver } from './types.js';
export interface BrokerOptions {
    /** Who answers; without one every request is denied (the non-interactive default). */
    approver?: Approver;
    /** Name recorded as `decidedBy` for the approver's answers (default 'callback'). */
    approverName?: string;
    /** How long a request may wait, queue time included (default 5 min); then `expired`, which denies. */
    timeoutMs?: number;
    /** Requests waiting or being answered at once (default 256); more are denied at once. */
    maxPending?: number;
    /** Questions put to the approver at a time (default 1: prompts on one terminal never interleave). */
    concurrency?: number;
}
/** What the broker needs to do before asking (re-checking remembered grants once a queued request is up). */
export type BeforeAsk = () => ApprovalOutcome | undefined;
/** How long a request may wait for an answer, queue time included. */
export declare const DEFAULT_APPROVAL_TIMEOUT_MS: number;
export declare class ApprovalBroker {
    private readonly options;
    private readonly timeoutMs;
    private readonly maxPending;
    private readonly concurrency;
    private pending;
    private active;
    private readonly waiting;
    constructor(options?: BrokerOptions);
    get hasApprover(): boolean;
    /** Requests waiting in the queue or with the approver. */
    get size(): number;
    /**
     * Ask. Never throws: an approver that throws or answers nonsense denies, a request that waits past the
     * deadline expires, an aborted call is cancelled. `beforeAsk` runs when the request reaches the front of
     * the queue, so an identical call approved for the turn meanwhile is not asked again.
     */
    ask(request: ApprovalRequest, signal: AbortSignal, beforeAsk?: BeforeAsk, afterAnswer?: (outcome: ApprovalOutcome) => Promise<void>): Promise<ApprovalOutcome>;
    private answer;
    /** Wait for a free approver slot; false when the deadline or the call's abort comes first. */
    private acquire;
    private release;
}
