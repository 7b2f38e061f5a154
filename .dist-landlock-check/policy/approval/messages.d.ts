import type { StaticDecision } from '../rules/decide.js';
export declare function noApproverMessage(tool: string, fixed: StaticDecision, opts: {
    dangerous: boolean;
    suggested?: string[];
    file?: string;
    widens?: string;
}): string;
export declare function seconds(ms: number): string;
/** The hint when no approver exists: nobody declined; what would let the call run. */
export declare const NO_APPROVER_HINT = "Nobody declined: no approver is configured. Continue with what needs no approval, and tell the user which rule or approver (createRuntime({ approver }), an MCP client with elicitation, or `handrail call` at a terminal) would allow this.";
/** The hint when an approval could not be answered (expired, cancelled, the approver failed). */
export declare const NOT_ANSWERED_HINT = "Nobody answered the approval request; this is not a refusal. Continue with what needs no approval, and retry when the user is back.";
