// handrail's library API. Everything a user imports comes from here.
export { loadConfig } from './config/index.js';
export { allowAllEvaluator, canonicalJson, classifyThrown, createRuntime, DEFAULT_RETRY_BUDGET, DEFAULT_RUNTIME_LIMITS, defineTool, EventBus, EventIterator, fileCapabilities, fileLocksCapability, filesCapability, fileVersionsCapability, outcomeFor, PROTECTED_TOOL_NAMES, payloadHash, REQUEST_TOOLS, resolveLimits, TOOL_NAME_PATTERN, ToolError, ToolRegistrationError, visibilityCapability, } from './core/index.js';
export { classifyCommand } from './policy/command-risk/index.js';
export { ApprovalBroker, createPolicyEvaluator, DEFAULT_RATE_LIMITS, modeDecision, PERMISSION_MODES, RateLimiter, terminalApprover, } from './policy/index.js';
export { appendRule, loadPolicyLayers, POLICY_SCHEMA, PolicyLoadError, } from './policy/policy-file/index.js';
export { decideStatic, evaluateRules, suggestRule } from './policy/rules/index.js';
export { UNSANDBOXED_NOTICE } from './sandbox/backends/index.js';
export { classifyAddress, NetworkClient, NetworkConfigError, NetworkPolicy, } from './sandbox/network/index.js';
export * from './tools/index.js';
export * from './types/index.js';
//# sourceMappingURL=index.js.map