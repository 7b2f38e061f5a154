// The front door of core/: what other folders import from it.
export {
  fileCapabilities,
  fileLocksCapability,
  filesCapability,
  fileVersionsCapability,
  type VisibilityControl,
  visibilityCapability,
} from './capabilities.js';
export { defineTool, type InferArgs, TOOL_NAME_PATTERN, type ToolDefinition } from './define-tool.js';
export { classifyThrown, outcomeFor, ToolError, ToolRegistrationError } from './errors.js';
export { EventBus, EventIterator, type EventListener } from './events.js';
export type { ExtensionHost, RuntimeExtension } from './extensions.js';
export type {
  AfterToolCallContext,
  AfterToolCallHook,
  AfterToolCallResult,
  BeforeToolCallContext,
  BeforeToolCallHook,
  BeforeToolCallResult,
  RuntimeHooks,
  TurnInfo,
} from './hooks.js';
export { DEFAULT_RUNTIME_LIMITS, type RuntimeLimits, resolveLimits } from './limits.js';
export { allowAllEvaluator, canonicalJson, type PermissionOptions, payloadHash } from './permission.js';
export type { CallOptions } from './pipeline.js';
export { PROTECTED_TOOL_NAMES } from './registry.js';
export { REQUEST_TOOLS } from './request-tools.js';
export { DEFAULT_RETRY_BUDGET, type RetryBudgetLimits } from './retry-budget.js';
export {
  createRuntime,
  type PreflightIndex,
  type Runtime,
  type RuntimeOptions,
  type ToolDescription,
} from './runtime.js';
export { suggestNames } from './suggest.js';
export type { RevealReport, Turn, VisibleTool } from './turn.js';
