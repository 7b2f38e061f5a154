// The front door of policy/: what other folders import from it.
export { ApprovalBroker, DEFAULT_APPROVAL_TIMEOUT_MS } from './approval/broker.js';
export { escapeControls } from './approval/preview.js';
export { terminalApprover } from './approvers/terminal.js';
export { assessIntent } from './assess.js';
export { createPolicyEvaluator } from './evaluator.js';
export { isPermissionMode, modeDecision, PERMISSION_MODES, } from './modes.js';
export { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limit.js';
//# sourceMappingURL=index.js.map