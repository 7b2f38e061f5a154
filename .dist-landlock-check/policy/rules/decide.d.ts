import type { PermissionBehavior, PermissionIntent } from '../../types/index.js';
import { type ModeOptions, type PermissionMode } from '../modes.js';
import { type RuleSource } from './evaluate.js';
import type { LayerName, RuleRef } from './types.js';
export interface StaticDecision {
    behavior: PermissionBehavior;
    rule: string;
    /** A policy layer, or 'mode' when the mode decided. */
    layer: LayerName | 'mode';
    /** The policy file, 'inline', or the mode's name. */
    source: string;
    /** For the model (on deny) and the human (on ask). */
    reason: string;
    /** The rules' own verdict when the mode or the dangerous floor overrode it. */
    rules?: RuleRef[];
}
/**
 * deny and ask rules always apply; allow rules apply unless the command is dangerous (then: ask) or the mode
 * is read_only (which is a ceiling: the stricter of rules and mode wins). No rule: the mode decides.
 */
export declare function decideStatic(mode: PermissionMode, policy: RuleSource | undefined, intent: PermissionIntent, options: ModeOptions): StaticDecision;
/**
 * The static decision for a call, with what a dynamic tool claimed about itself (`intent.claimed`) weighed
 * in only where it is stricter: a tool can ask for more care, never for less.
 */
export declare function decideCall(mode: PermissionMode, policy: RuleSource | undefined, intent: PermissionIntent, options: ModeOptions): StaticDecision;
/** Whether any reading of the call (the runtime's, or the tool's stricter claim) is a dangerous command. */
export declare function isDangerous(intent: PermissionIntent): boolean;
