import type { ApprovalRequest, Approver, ApproverAnswer } from '../policy/index.js';
/** What the approver needs from the call that is waiting: a way to ask its client. */
export interface CallChannel {
    sendRequest(request: {
        method: 'elicitation/create';
        params: Record<string, unknown>;
    }, options: {
        signal: AbortSignal;
    }): Promise<unknown>;
}
/** The form for a request: only the answers it offers (a call that always asks: once or deny). */
export declare function approvalSchema(request: Pick<ApprovalRequest, 'choices'>): {
    properties: {
        decision: {
            enum: ("deny" | "allow_once" | "allow_for_session")[];
            enumNames: ("Allow once" | "Allow for this session" | "Deny")[];
            type: "string";
            title: "Decision";
            default: "deny";
        };
        feedback: {
            readonly type: "string";
            readonly title: "Feedback for the agent";
            readonly description: "Optional: why you deny, or what to do instead.";
        };
    };
    type: "object";
    required: readonly ["decision"];
};
export declare const APPROVAL_SCHEMA: {
    readonly type: "object";
    readonly properties: {
        readonly decision: {
            readonly type: "string";
            readonly title: "Decision";
            readonly enum: string[];
            readonly enumNames: string[];
            readonly default: "deny";
        };
        readonly feedback: {
            readonly type: "string";
            readonly title: "Feedback for the agent";
            readonly description: "Optional: why you deny, or what to do instead.";
        };
    };
    readonly required: readonly ["decision"];
};
/**
 * The form's message: what, why, and the preview (model-supplied text, so control characters escaped). Both
 * are bounded head and tail, and the headline is one line: a command padded with spaces or newlines must not
 * push its `; rm -rf ~` out of view, nor make the form as long as the model likes.
 */
export declare function approvalMessage(request: ApprovalRequest): string;
/**
 * An approver that asks through the client of the call being approved. A call it cannot find (it ended), a
 * client that declines, cancels or answers outside the form: deny — never a silent allow.
 */
export declare function elicitationApprover(channelFor: (callId: string) => CallChannel | undefined): Approver;
/** The client's answer as an ApproverAnswer; anything unexpected denies. */
export declare function readAnswer(raw: unknown): ApproverAnswer;
