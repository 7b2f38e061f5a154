// What a gateway session follows of its upstream MCP servers: whether their tools changed (the client is told
// and the turn takes them on), and which failed (said once to whoever runs the server).
import type { McpRuntime } from '../extensions/index.js';

type UpstreamRuntime = Pick<McpRuntime, 'describeTools' | 'mcpStatus'>;

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
