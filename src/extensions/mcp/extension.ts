// The MCP client as a runtime extension: one connection per configured server, each server's tools kept in
// the runtime as dynamic tools (origin 'mcp', so the runtime classifies them), its state reported as
// `extension/state/changed` events and by `status()`.
import type { ExtensionHost, RuntimeExtension } from '../../core/index.js';
import {
  type FileRoot,
  type NetworkConfig,
  NetworkPolicy,
  resolveNetworkConfig,
} from '../../sandbox/index.js';
import { assertMcpServers, DEFAULT_MCP_TIMEOUT_MS, isStdioConfig } from './config.js';
import { McpConnection, type TransportOption } from './connection.js';
import { type HttpEndpoint, sseTransport, streamableTransport } from './http-transport.js';
import { ServerProcesses } from './server-process.js';
import { ServerTools, type ToolChanges } from './server-tools.js';
import { ProcessTransport } from './stdio-transport.js';
import type { McpToolSource } from './tool-spec.js';
import type { McpClientHandlers, McpHttpServerConfig, McpServerConfig, McpServerStatus } from './types.js';

/** How long a call may take in all, whatever progress it reports (at least the server's own timeout). */
export const MAX_CALL_MS = 10 * 60_000;

export interface McpExtension extends RuntimeExtension {
  /** Each configured server (not disabled): its state, why, its tool count and what was skipped. */
  status(): McpServerStatus[];
}

interface Server {
  name: string;
  config: McpServerConfig;
  connection: McpConnection;
  tools: ServerTools;
}

/**
 * The MCP client for `servers`. Servers are checked here (a RangeError lists every problem); they start when
 * the runtime starts the extension. Elicitation and sampling go to `handlers` (refused without them).
 */
export function mcpExtension(
  servers: Record<string, McpServerConfig>,
  opts: { handlers?: McpClientHandlers } = {},
): McpExtension {
  assertMcpServers(servers);
  const configured = Object.entries(servers).filter(([, config]) => config.disabled !== true);
  const handlers = opts.handlers ?? {};
  const running = new Map<string, Server>();
  let processes: ServerProcesses | undefined;
  let closed = false;

  const start = async (host: ExtensionHost): Promise<void> => {
    if (running.size > 0 || closed) return;
    processes = new ServerProcesses(host);
    const roots = rootPaths(host);
    for (const [name, config] of configured) {
      running.set(name, openServer(host, name, config, roots, handlers, processes));
    }
    await Promise.all([...running.values()].map((server) => server.connection.start()));
  };

  return {
    name: 'mcp',
    start,
    async close() {
      closed = true;
      await Promise.allSettled([...running.values()].map((server) => server.connection.close()));
      await processes?.close();
    },
    status() {
      return configured.map(([name, config]) => {
        const server = running.get(name);
        if (!server) {
          return {
            name,
            transport: isStdioConfig(config) ? 'stdio' : 'streamable-http',
            state: closed ? 'closed' : 'connecting',
            tools: 0,
            mapping: [],
            skipped: [],
            restarts: 0,
          };
        }
        return statusOf(server);
      });
    },
  };
}

function openServer(
  host: ExtensionHost,
  name: string,
  config: McpServerConfig,
  roots: string[],
  handlers: McpClientHandlers,
  processes: ServerProcesses,
): Server {
  const timeoutMs = config.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const maxCallMs = Math.max(timeoutMs, MAX_CALL_MS);
  // The connection and the tools refer to each other through the server record.
  const server = {} as Server;
  const source: McpToolSource = {
    server: name,
    lazy: config.lazy === true,
    maxCallMs,
    call: (tool, args, ctx) => server.connection.call(tool, args, ctx),
  };
  const report = (changes?: ToolChanges) => emitState(host, server, changes);
  server.name = name;
  server.config = config;
  server.tools = new ServerTools(host, source, config.trust ?? 'none');
  server.connection = new McpConnection({
    name,
    kind: isStdioConfig(config) ? 'stdio' : 'http',
    transports: isStdioConfig(config)
      ? () => [{ label: 'stdio', open: () => new ProcessTransport(name, processes.launcher(name, config)) }]
      : () => httpOptions(host, name, config),
    timeoutMs,
    maxCallMs,
    roots,
    handlers,
    onTools: (tools, truncated) => report(server.tools.sync(tools, truncated)),
    onState: () => report(),
  });
  return server;
}

/** Streamable HTTP, then SSE, both through the network policy (checked again on every connection). */
function httpOptions(host: ExtensionHost, name: string, config: McpHttpServerConfig): TransportOption[] {
  const policy = new NetworkPolicy(resolveNetworkConfig(host.options.network as NetworkConfig | undefined));
  const endpoint: HttpEndpoint = {
    url: new URL(config.url),
    headers: { ...config.headers },
    policy,
    server: name,
  };
  return [
    { label: 'streamable-http', open: () => streamableTransport(endpoint) },
    { label: 'sse', open: () => sseTransport(endpoint) },
  ];
}

function statusOf(server: Server): McpServerStatus {
  const { connection, tools } = server;
  const status: McpServerStatus = {
    name: server.name,
    transport: connection.transport,
    state: connection.state,
    tools: tools.count,
    mapping: tools.mapping(),
    skipped: tools.skipped,
    restarts: connection.restarts,
  };
  if (connection.reason !== undefined && connection.state !== 'ready') status.reason = connection.reason;
  if (connection.serverInfo) status.serverInfo = connection.serverInfo;
  if (connection.sandbox) status.sandbox = connection.sandbox;
  return status;
}

/** The server's state (and what its last listing changed) as an event, outside any turn. */
function emitState(host: ExtensionHost, server: Server, changes?: ToolChanges): void {
  const status = statusOf(server);
  const payload: Record<string, unknown> = {
    extension: 'mcp',
    server: status.name,
    state: status.state,
    transport: status.transport,
    tools: status.tools,
    restarts: status.restarts,
  };
  if (status.reason !== undefined) payload.reason = status.reason;
  if (status.sandbox) payload.sandbox = status.sandbox;
  if (changes) {
    for (const key of ['added', 'removed', 'changed', 'skipped'] as const) {
      if (changes[key].length > 0) payload[key] = changes[key];
    }
    payload.mapping = status.mapping;
  }
  host.emit('extension/state/changed', { threadId: 'mcp', turnId: status.name }, payload);
}

/** The roots servers are told about: the runtime's roots, or its workspace. */
function rootPaths(host: ExtensionHost): string[] {
  const roots = host.options.roots as FileRoot[] | undefined;
  return roots && roots.length > 0 ? roots.map((root) => root.path) : [host.workspace];
}
