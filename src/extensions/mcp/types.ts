// The MCP client's public vocabulary: how a server is configured, and what `runtime.mcpStatus()` reports.
import type { ToolTrust } from '../../types/index.js';

/** What every server configuration may say, whatever its transport. */
interface McpServerCommon {
  /**
   * Whose word counts for this server's tools: by default none (every tool is an unknown, possibly-writing
   * MCP action: asks under supervised, denied under read_only); 'annotations' believes `readOnlyHint: true`
   * (the tool becomes `mcp_read`).
   */
  trust?: ToolTrust;
  /** Put the server's tools in a domain `mcp:<server>`, revealed through request_tools or a preflight. */
  lazy?: boolean;
  /** Longest a call may take before it is cancelled and answers `timeout` (default 60 s; progress extends it). */
  timeoutMs?: number;
  /** Leave this server out without deleting its configuration. */
  disabled?: boolean;
}

/** A server handrail starts as a command (stdio): inside the OS sandbox, like any command. */
export interface McpStdioServerConfig extends McpServerCommon {
  command: string;
  args?: string[];
  /** Variables the server gets on top of the sandbox's allowlist (trusted: configuration, not the model). */
  env?: Record<string, string>;
  /** Working directory (default: the workspace); relative to the workspace. */
  cwd?: string;
}

/** A server handrail reaches over HTTP (Streamable HTTP, falling back to SSE), through the network policy. */
export interface McpHttpServerConfig extends McpServerCommon {
  url: string;
  /** Request headers (credentials): from configuration, never from a call's arguments. */
  headers?: Record<string, string>;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** Handlers for what an upstream server may ask of its client; without one, the request is refused. */
export interface McpClientHandlers {
  /** Answer a server's `elicitation/create` (default: refused with an error naming the server). */
  elicitation?: (server: string, request: unknown, signal: AbortSignal) => Promise<unknown>;
  /** Answer a server's `sampling/createMessage` (default: refused). */
  sampling?: (server: string, request: unknown, signal: AbortSignal) => Promise<unknown>;
}

export type McpServerState = 'connecting' | 'ready' | 'failed' | 'restarting' | 'closed';

export interface McpServerStatus {
  name: string;
  transport: 'stdio' | 'streamable-http' | 'sse';
  state: McpServerState;
  /** Why it failed, or why it is restarting. */
  reason?: string;
  /** Tools registered from it now (skipped ones not counted). */
  tools: number;
  /** Each registered tool: the server's name for it and handrail's (`mcp__<server>__<tool>`, cut or hashed). */
  mapping: Array<{ tool: string; name: string }>;
  /** Tools left out, each with why (an unusable schema, a name clash). */
  skipped: Array<{ tool: string; reason: string }>;
  /** Restarts (stdio) or reconnects (HTTP) so far. */
  restarts: number;
  /** The server's own name and version, from its initialize answer. */
  serverInfo?: { name: string; version: string };
  /**
   * For a stdio server, the OS sandbox it runs in: `none` means without one (`sandbox: 'none'`); `degraded`
   * says what protection it runs without, when it does.
   */
  sandbox?: { backend: 'bwrap' | 'landlock' | 'none'; degraded?: string };
}
