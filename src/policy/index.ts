// The front door of policy/: what other folders import from it.
export { ApprovalBroker, type BrokerOptions, DEFAULT_APPROVAL_TIMEOUT_MS } from './approval/broker.js';
export { escapeControls } from './approval/preview.js';
export type {
  ApprovalDecision,
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalResolution,
  Approver,
  ApproverAnswer,
} from './approval/types.js';
export { type TerminalApproverOptions, terminalApprover } from './approvers/terminal.js';
export { type AssessContext, assessIntent } from './assess.js';
export { decideStatic, type StaticDecision } from './decide.js';
export { createPolicyEvaluator, type PolicyEvaluator } from './evaluator.js';
export {
  isPermissionMode,
  modeDecision,
  PERMISSION_MODES,
  type PermissionMode,
  type PermissionProfile,
} from './modes.js';
export type { PolicySource } from './policy-file/load.js';
export { DEFAULT_RATE_LIMITS, type RateLimitConfig, RateLimiter } from './rate-limit.js';
export type { KnownTool, PolicyObject, StructuredRule } from './rules/types.js';
