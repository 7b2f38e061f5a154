import type { ApprovalGrants } from './grants.js';
import type { ApprovalOutcome, ApprovalRequest } from './types.js';
export interface SettleContext {
    grants: ApprovalGrants;
    /** The request key without the turn, for session grants. */
    sessionKey: string;
    /** The rules "always" writes. */
    suggested: string[] | undefined;
    layerFile(layer: 'project' | 'user'): string;
    workspace: string;
    /** Load the policy layers again (throws when a layer no longer loads). */
    reload(): void;
}
/** What an answer came to: allowed (and how far the grant reaches), or the denial the model reads. */
export type Settled = {
    allow: true;
    granted: 'once' | 'turn' | 'session' | 'always';
    note?: string;
} | {
    allow: false;
    reason: string;
    byHuman?: boolean;
    note?: undefined;
};
/** Record what an approval grants; allow_always writes its rule and reloads the layers. */
export declare function settleApproval(outcome: ApprovalOutcome, request: ApprovalRequest, ctx: SettleContext): Promise<Settled>;
