// Tool bundles from outside handrail's own code, as dynamic tools the runtime classifies: MCP servers today.
// `createRuntime` here is core's with `mcpServers` added.
export * from './mcp/index.js';
export { createRuntime, type McpRuntime, type McpRuntimeOptions } from './runtime.js';
