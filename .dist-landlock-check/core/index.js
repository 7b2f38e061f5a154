// The front door of core/: what other folders import from it.
export { fileCapabilities, fileLocksCapability, filesCapability, fileVersionsCapability, visibilityCapability, } from './capabilities.js';
export { defineTool, TOOL_NAME_PATTERN } from './define-tool.js';
export { classifyThrown, outcomeFor, ToolError, ToolRegistrationError } from './errors.js';
export { EventBus, EventIterator } from './events.js';
export { DEFAULT_RUNTIME_LIMITS, resolveLimits } from './limits.js';
export { allowAllEvaluator, canonicalJson, payloadHash } from './permission.js';
export { PROTECTED_TOOL_NAMES } from './registry.js';
export { REQUEST_TOOLS } from './request-tools.js';
export { DEFAULT_RETRY_BUDGET } from './retry-budget.js';
export { createRuntime, } from './runtime.js';
export { suggestNames } from './suggest.js';
//# sourceMappingURL=index.js.map