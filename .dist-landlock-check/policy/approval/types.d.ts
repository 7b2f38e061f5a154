import type { ActionKind } from '../../types/index.js';
/** What an approver may answer. */
export type ApprovalDecision = 'allow_once' | 'allow_for_turn' | 'allow_for_session' | 'allow_always' | 'deny';
/** How a request ended: an approver's answer, or the broker's own ending. */
export type ApprovalResolution = ApprovalDecision | 'cancelled' | 'expired';
export interface ApprovalRequest {
    id: string;
    /** (mode, tool, action, sha256 of the normalized scope, turn id) hashed: an approval binds to exactly this. */
    requestKey: string;
    tool: string;
    action: ActionKind;
    mode: string;
    threadId: string;
    turnId: string;
    callId: string;
    /** One line a human can approve or deny. */
    summary: string;
    /** Why it is asked (the rule or mode that said `ask`). */
    reason: string;
    /** What will happen: the command, the paths and diff, the URL. Bounded; untrusted text. */
    preview: string;
    /** The rule (and layer) that asked, or the mode's rule. */
    matchedRule: string;
    /** Exactly the rules "always" would write (absent when the call cannot be expressed as a narrow rule). */
    suggestedRule?: string[];
    /** Policy layers `allow_always` may write to. */
    alwaysLayers: Array<'project' | 'user'>;
    /**
     * The answers offered. A call that always asks (a dangerous command, a tool whose approval is 'always')
     * offers only `allow_once` and `deny`; any other allow is taken as `allow_once`. Absent: every answer.
     */
    choices?: ApprovalDecision[];
    /** Set when approving also widens the sandbox for this call: exactly what it opens. */
    widens?: string;
}
export interface ApproverAnswer {
    decision: ApprovalDecision;
    /** For the model when denied ("use the staging bucket instead"). */
    feedback?: string;
    /** Where `allow_always` writes its rule (default: project). */
    layer?: 'project' | 'user';
    /** Who answered, for the audit trail (default: the approver's name). */
    by?: string;
}
/** An approver: a callback, the terminal prompt, an MCP elicitation, the web console. */
export type Approver = (request: ApprovalRequest, ctx: {
    signal: AbortSignal;
}) => ApproverAnswer | Promise<ApproverAnswer>;
export interface ApprovalOutcome {
    resolution: ApprovalResolution;
    feedback?: string;
    layer?: 'project' | 'user';
    /** 'callback', 'terminal', 'default' (no approver), 'timeout', 'broker', or what the approver said. */
    decidedBy: string;
    durationMs: number;
}
