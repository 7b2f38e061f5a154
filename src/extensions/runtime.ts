// handrail's createRuntime: core's, with the MCP client added when `mcpServers` names servers. The servers
// are checked here, before anything starts, and `mcpStatus()` reports on them.
import { createRuntime as createCoreRuntime, type Runtime, type RuntimeOptions } from '../core/index.js';
import {
  assertMcpServers,
  type McpClientHandlers,
  type McpServerConfig,
  type McpServerStatus,
  mcpExtension,
} from './mcp/index.js';

export interface McpRuntimeOptions extends RuntimeOptions {
  /**
   * MCP servers whose tools become dynamic tools (`mcp__<server>__<tool>`): `{ command, args?, env?, cwd? }`
   * (stdio, run inside the OS sandbox) or `{ url, headers? }` (Streamable HTTP or SSE, through the network
   * policy), each with `trust?`, `lazy?`, `timeoutMs?`, `disabled?`.
   */
  mcpServers?: Record<string, McpServerConfig>;
  /** Handlers for what servers ask of their client (elicitation, sampling); without them it is refused. */
  mcp?: { handlers?: McpClientHandlers };
}

export interface McpRuntime extends Runtime {
  /** Each configured MCP server: connecting, ready, restarting, failed (with the reason) or closed; its tools. */
  mcpStatus(): McpServerStatus[];
}

/** Create a runtime; with `mcpServers`, `await runtime.ready()` waits until each has connected or failed. */
export function createRuntime(options: McpRuntimeOptions = {}): McpRuntime {
  const { mcpServers, mcp, ...rest } = options;
  // Checked first: a bad server configuration is a programmer's error, like a bad limit.
  assertMcpServers(mcpServers);
  const servers = mcpServers ?? {};
  const extension = Object.keys(servers).length > 0 ? mcpExtension(servers, mcp ?? {}) : undefined;
  const runtime = createCoreRuntime(
    extension ? { ...rest, extensions: [...(rest.extensions ?? []), extension] } : rest,
  );
  return Object.assign(runtime, { mcpStatus: () => extension?.status() ?? [] });
}
