// handrail's library API. Everything a user imports comes from here.
export { type HandrailConfig, type LoadedConfig, loadConfig } from './config/index.js';
export { defineTool, type InferArgs, TOOL_NAME_PATTERN, type ToolDefinition } from './core/define-tool.js';
export { classifyThrown, outcomeFor, ToolError, ToolRegistrationError } from './core/errors.js';
export { EventBus, EventIterator, type EventListener } from './core/events.js';
export type {
  AfterToolCallContext,
  AfterToolCallHook,
  AfterToolCallResult,
  BeforeToolCallContext,
  BeforeToolCallHook,
  BeforeToolCallResult,
  RuntimeHooks,
  TurnInfo,
} from './core/hooks.js';
export { DEFAULT_RUNTIME_LIMITS, type RuntimeLimits, resolveLimits } from './core/limits.js';
export { allowAllEvaluator, canonicalJson, type PermissionOptions, payloadHash } from './core/permission.js';
export type { CallOptions } from './core/pipeline.js';
export { PROTECTED_TOOL_NAMES } from './core/registry.js';
export { REQUEST_TOOLS } from './core/request-tools.js';
export { DEFAULT_RETRY_BUDGET, type RetryBudgetLimits } from './core/retry-budget.js';
export {
  createRuntime,
  type PreflightIndex,
  type Runtime,
  type RuntimeOptions,
  type ToolDescription,
} from './core/runtime.js';
export type { RevealReport, Turn, VisibleTool } from './core/turn.js';
export { ApprovalBroker, type BrokerOptions } from './policy/approval/broker.js';
export type {
  ApprovalDecision,
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalResolution,
  Approver,
  ApproverAnswer,
} from './policy/approval/types.js';
export { type TerminalApproverOptions, terminalApprover } from './policy/approvers/terminal.js';
export { type CommandRisk, classifyCommand, type Risk } from './policy/command-risk/index.js';
export { createPolicyEvaluator, type PolicyEvaluator } from './policy/evaluator.js';
export {
  modeDecision,
  PERMISSION_MODES,
  type PermissionMode,
  type PermissionProfile,
} from './policy/modes.js';
export {
  appendRule,
  loadPolicyLayers,
  POLICY_SCHEMA,
  type PolicyLayers,
  PolicyLoadError,
} from './policy/policy-file/index.js';
export { DEFAULT_RATE_LIMITS, type RateLimitConfig, RateLimiter } from './policy/rate-limit.js';
export { decideStatic, evaluateRules, suggestRule } from './policy/rules/index.js';
export type { PolicyObject, StructuredRule } from './policy/rules/types.js';
export { type SandboxChoice, UNSANDBOXED_NOTICE } from './sandbox/backends/index.js';
export {
  classifyAddress,
  NetworkClient,
  type NetworkConfig,
  NetworkConfigError,
  NetworkPolicy,
} from './sandbox/network/index.js';
export type { ProcessProfile } from './sandbox/process/types.js';
export * from './tools/index.js';
export * from './types/index.js';
