import type { PermissionBehavior, PermissionIntent, PermissionMode } from '../types/index.js';
import type { PolicyObject } from './rules/types.js';
export { isPermissionMode, PERMISSION_MODES, type PermissionMode } from '../types/index.js';
/** What `createRuntime({ profile })` accepts besides a bare mode: a mode plus the session's own policy. */
export interface PermissionProfile {
    mode: PermissionMode;
    /** Rules of the session layer (weakest): an inline object or a policy file path. */
    policy?: PolicyObject | string;
    /** Where auto_accept_edits may write without asking (default: the workspace). */
    writableRoots?: string[];
}
export interface ModeDecision {
    behavior: PermissionBehavior;
    /** e.g. `mode:supervised:shell_command:safe`, for the audit trail. */
    rule: string;
    reason: string;
}
export interface ModeOptions {
    /** Roots inside which auto_accept_edits allows file writes. */
    writableRoots: readonly string[];
}
/** The mode's behaviour for an intent, as the table says. */
export declare function modeDecision(mode: PermissionMode, intent: PermissionIntent, options: ModeOptions): ModeDecision;
/** Segment-aware containment: /a/bc is not inside /a/b. */
export declare function isInside(child: string, root: string): boolean;
