// The MCP client: other MCP servers' tools as handrail dynamic tools, under handrail's policy, sandbox and audit.
export { assertMcpServers, DEFAULT_MCP_TIMEOUT_MS, mcpServersProblems } from './config.js';
export { MAX_CALL_MS, type McpExtension, mcpExtension } from './extension.js';
export { MAX_SERVER_NAME, mcpToolName, SERVER_NAME_PATTERN, serverNameProblem, toolPrefix } from './names.js';
export type {
  McpClientHandlers,
  McpHttpServerConfig,
  McpServerConfig,
  McpServerState,
  McpServerStatus,
  McpStdioServerConfig,
} from './types.js';
