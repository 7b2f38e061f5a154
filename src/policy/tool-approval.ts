// A tool's own approval requirement (`ToolSpec.approval`) applied to the rules' and mode's decision:
// 'always' turns an allow into an ask; 'never' lets a call the mode would ask about run without asking — but
// only for tools the runtime's owner registered (not dynamic ones, which could claim it for themselves),
// never past a rule's ask, a deny, a dangerous command or read_only's ceiling.
import type { ApprovalRequirement, PermissionIntent, ToolSpec } from '../types/index.js';
import { isDangerous, type StaticDecision } from './decide.js';

export function applyToolApproval(
  fixed: StaticDecision,
  tool: ToolSpec,
  requirement: ApprovalRequirement,
  intent: PermissionIntent,
): StaticDecision {
  if (requirement === 'always' && fixed.behavior === 'allow') {
    return {
      ...fixed,
      behavior: 'ask',
      rule: `tool:${tool.name}:approval=always`,
      reason: `${tool.name} always asks before it runs`,
    };
  }
  const dangerous = isDangerous(intent);
  if (
    requirement === 'never' &&
    fixed.behavior === 'ask' &&
    fixed.layer === 'mode' &&
    tool.source !== 'dynamic' &&
    !dangerous
  ) {
    return {
      ...fixed,
      behavior: 'allow',
      rule: `tool:${tool.name}:approval=never`,
      reason: `${tool.name} needs no approval`,
    };
  }
  return fixed;
}

/**
 * The requirement for this call; a function that throws or answers nonsense means 'always' (fail closed).
 * Ask it once per call: a function may answer differently each time.
 */
export function toolRequirement(tool: ToolSpec, args: Record<string, unknown>): ApprovalRequirement {
  const given = tool.approval;
  if (given === undefined) return 'unless_auto_approved';
  let value: unknown = given;
  if (typeof given === 'function') {
    try {
      value = given(args);
    } catch {
      return 'always';
    }
  }
  return value === 'never' || value === 'unless_auto_approved' || value === 'always' ? value : 'always';
}
