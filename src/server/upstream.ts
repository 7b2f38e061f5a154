// What a gateway session follows of its upstream MCP servers: whether their tools changed (a new turn shows
// them), which failed (said once to whoever runs the server), and whose read-only hints count.
import { type McpServerConfig, type McpServerStatus, toolPrefix } from '../extensions/index.js';
import type { ToolTrust } from '../types/index.js';

interface UpstreamRuntime {
  describeTools(): Array<{
    name: string;
    description: string;
    inputSchema: unknown;
    source: string;
    domain?: string;
    annotations?: unknown;
  }>;
  mcpStatus(): McpServerStatus[];
}

/** The upstream tools as they are registered now, as one comparable string. */
export function dynamicToolsFingerprint(runtime: Pick<UpstreamRuntime, 'describeTools'>): string {
  return JSON.stringify(
    runtime
      .describeTools()
      .filter((tool) => tool.source === 'dynamic')
      .map((tool) => [tool.name, tool.description, tool.inputSchema, tool.domain, tool.annotations]),
  );
}

/** Says each upstream failure once (`mcp server fs failed: …`), and again only after the server recovered. */
export class FailureReporter {
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly runtime: Pick<UpstreamRuntime, 'mcpStatus'>,
    private readonly log: (message: string) => void,
  ) {}

  report(): void {
    for (const status of this.runtime.mcpStatus()) {
      if (status.state === 'ready') {
        if (this.reported.delete(status.name)) this.log(`mcp server ${status.name} is ready again`);
        continue;
      }
      if (status.state !== 'failed') continue;
      const reason = status.reason ?? 'no reason given';
      if (this.reported.get(status.name) === reason) continue;
      this.reported.set(status.name, reason);
      this.log(`mcp server ${status.name} failed: ${reason}`);
    }
  }
}

/**
 * The trust the configuration gives the server a tool comes from (`mcp__<server>__<tool>`); undefined for a
 * tool of no configured server. Server names hold no `__`, so the longest configured prefix is the server.
 */
export function upstreamTrust(
  servers: Record<string, McpServerConfig> | undefined,
): (tool: string) => ToolTrust | undefined {
  const entries = Object.entries(servers ?? {}).sort(([a], [b]) => b.length - a.length);
  return (tool) => {
    const match = entries.find(([name]) => tool.startsWith(toolPrefix(name)));
    return match ? (match[1].trust ?? 'none') : undefined;
  };
}
