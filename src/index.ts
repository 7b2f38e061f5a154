// handrail's library API. Everything a user imports comes from here.
export { type HandrailConfig, type LoadedConfig, loadConfig } from './config/index.js';
export type {
  AfterToolCallContext,
  AfterToolCallHook,
  AfterToolCallResult,
  BeforeToolCallContext,
  BeforeToolCallHook,
  BeforeToolCallResult,
  CallOptions,
  ExtensionHost,
  RevealReport,
  RuntimeExtension,
  RuntimeHooks,
  Turn,
  TurnInfo,
  VisibleTool,
} from './core/index.js';
export {
  allowAllEvaluator,
  canonicalJson,
  classifyThrown,
  DEFAULT_RETRY_BUDGET,
  DEFAULT_RUNTIME_LIMITS,
  defineTool,
  EventBus,
  EventIterator,
  type EventListener,
  fileCapabilities,
  fileLocksCapability,
  filesCapability,
  fileVersionsCapability,
  type InferArgs,
  outcomeFor,
  type PermissionOptions,
  PROTECTED_TOOL_NAMES,
  type PreflightIndex,
  payloadHash,
  REQUEST_TOOLS,
  type RetryBudgetLimits,
  type Runtime,
  type RuntimeLimits,
  type RuntimeOptions,
  resolveLimits,
  TOOL_NAME_PATTERN,
  type ToolDefinition,
  type ToolDescription,
  ToolError,
  ToolRegistrationError,
  type VisibilityControl,
  visibilityCapability,
} from './core/index.js';
// handrail's createRuntime is core's with the MCP client added (`mcpServers`, `ready()`, `mcpStatus()`).
export {
  createRuntime,
  type McpClientHandlers,
  type McpHttpServerConfig,
  type McpRuntime,
  type McpRuntimeOptions,
  type McpServerConfig,
  type McpServerState,
  type McpServerStatus,
  type McpStdioServerConfig,
  mcpExtension,
  mcpToolName,
} from './extensions/index.js';
export { type CommandRisk, classifyCommand, type Risk } from './policy/command-risk/index.js';
export type {
  ApprovalDecision,
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalResolution,
  Approver,
  ApproverAnswer,
  PolicyObject,
  StructuredRule,
} from './policy/index.js';
export {
  ApprovalBroker,
  type BrokerOptions,
  createPolicyEvaluator,
  DEFAULT_RATE_LIMITS,
  decideStatic,
  modeDecision,
  PERMISSION_MODES,
  type PermissionMode,
  type PermissionProfile,
  type PolicyEvaluator,
  type RateLimitConfig,
  RateLimiter,
  type TerminalApproverOptions,
  terminalApprover,
} from './policy/index.js';
export {
  appendRule,
  loadPolicyLayers,
  POLICY_SCHEMA,
  type PolicyLayers,
  PolicyLoadError,
} from './policy/policy-file/index.js';
export { evaluateRules, suggestRule } from './policy/rules/index.js';
export { type RunAs, type SandboxChoice, UNSANDBOXED_NOTICE } from './sandbox/backends/index.js';
export type { ProcessProfile } from './sandbox/index.js';
export {
  classifyAddress,
  NetworkClient,
  type NetworkConfig,
  NetworkConfigError,
  NetworkPolicy,
} from './sandbox/network/index.js';
export * from './tools/index.js';
export * from './types/index.js';
