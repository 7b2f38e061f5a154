import type { PermissionEvaluator } from '../types/index.js';
import type { ApprovalBroker } from './approval/broker.js';
import type { PermissionMode } from './modes.js';
import { type LoadPolicyOptions, type PolicyLayers } from './policy-file/load.js';
import type { RateLimiter } from './rate-limit.js';
export interface PolicyEvaluatorOptions {
    mode: PermissionMode;
    /** How the layers were loaded: reloaded after `allow_always` writes a rule. */
    load: LoadPolicyOptions;
    /** Where auto_accept_edits writes without asking. */
    writableRoots: string[];
    broker: ApprovalBroker;
    rateLimiter?: RateLimiter;
}
export interface PolicyEvaluator extends PermissionEvaluator {
    readonly mode: PermissionMode;
    /** The compiled layers now in force. */
    readonly policy: PolicyLayers;
    /** Load the policy files again (after editing them by hand). Throws PolicyLoadError; keeps the old on error. */
    reload(): void;
    /** Forget the turn's `allow_for_turn` grants (the runtime calls it when a turn ends). */
    endTurn(turnId: string): void;
}
export declare function createPolicyEvaluator(options: PolicyEvaluatorOptions): PolicyEvaluator;
