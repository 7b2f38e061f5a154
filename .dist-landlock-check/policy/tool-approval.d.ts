import type { ApprovalRequirement, PermissionIntent, ToolSpec } from '../types/index.js';
import { type StaticDecision } from './rules/decide.js';
export declare function applyToolApproval(fixed: StaticDecision, tool: ToolSpec, requirement: ApprovalRequirement, intent: PermissionIntent): StaticDecision;
/**
 * The requirement for this call; a function that throws or answers nonsense means 'always' (fail closed).
 * Ask it once per call: a function may answer differently each time.
 */
export declare function toolRequirement(tool: ToolSpec, args: Record<string, unknown>): ApprovalRequirement;
