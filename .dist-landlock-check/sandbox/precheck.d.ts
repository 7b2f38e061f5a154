import type { PermissionIntent, SandboxVerdict } from '../types/index.js';
import type { FileAccess } from './file-policy-types.js';
import { type NetworkPolicy } from './network/policy.js';
export interface PrecheckPolicies {
    files: FileAccess;
    /** Absent when the runtime has no network policy for tools (no network tools). */
    network?: NetworkPolicy;
}
export declare function precheckIntent(intent: PermissionIntent, policies: PrecheckPolicies): Promise<SandboxVerdict>;
