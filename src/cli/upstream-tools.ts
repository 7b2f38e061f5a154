// The upstream MCP servers' tools as `handrail tools` reports them: each with its server, the action kind the
// runtime gives its calls (mcp_read only when the server is trusted and the tool says it is read-only), and
// what the profile and the policy files do with such a call (allow, ask or deny) before any argument is seen.
import {
  type McpRuntime,
  type McpServerConfig,
  type McpServerStatus,
  toolPrefix,
} from '../extensions/index.js';
import { decideStatic, type PermissionMode } from '../policy/index.js';
import { loadPolicyLayers } from '../policy/policy-file/index.js';
import { describedAnnotations, type McpToolAnnotations, upstreamTrust } from '../server/index.js';
import type { PermissionBehavior } from '../types/index.js';

export interface UpstreamTool {
  name: string;
  server: string;
  classification: 'mcp_read' | 'mcp_write_or_unknown';
  /** What a call gets before any approval: allow, ask (a human decides) or deny. */
  decision: PermissionBehavior;
  asks: boolean;
  /** The rule or mode that decides (`mode:supervised:mcp_write_or_unknown`, a policy rule). */
  rule: string;
  /** For a lazy server: the domain request_tools reveals. */
  domain?: string;
  description: string;
  annotations: McpToolAnnotations;
  inputSchema: unknown;
}

export interface UpstreamReport {
  servers: McpServerStatus[];
  tools: UpstreamTool[];
}

export function upstreamReport(
  runtime: Pick<McpRuntime, 'describeTools' | 'mcpStatus' | 'workspace'>,
  opts: {
    mode: PermissionMode;
    servers: Record<string, McpServerConfig> | undefined;
    policy?: string;
    trustProject?: boolean;
  },
): UpstreamReport {
  const servers = runtime.mcpStatus();
  const trust = upstreamTrust(opts.servers);
  const described = runtime.describeTools();
  const policy = loadPolicyLayers({
    workspace: runtime.workspace,
    ...(opts.policy !== undefined ? { session: opts.policy } : {}),
    knownTools: described.map((d) => d.name),
    ...(opts.trustProject ? { trustProject: true } : {}),
  });
  const byLength = servers.map((s) => s.name).sort((a, b) => b.length - a.length);
  const tools = described
    .filter((tool) => tool.source === 'dynamic')
    .map((tool): UpstreamTool => {
      const annotations = describedAnnotations(tool, trust);
      const classification = annotations.readOnlyHint ? 'mcp_read' : 'mcp_write_or_unknown';
      const decision = decideStatic(
        opts.mode,
        policy,
        {
          action: classification,
          summary: tool.name,
          scope: { tool: tool.name, dynamic: true },
        },
        { writableRoots: [] },
      );
      return {
        name: tool.name,
        server: byLength.find((server) => tool.name.startsWith(toolPrefix(server))) ?? '',
        classification,
        decision: decision.behavior,
        asks: decision.behavior === 'ask',
        rule: decision.rule,
        ...(tool.domain !== undefined ? { domain: tool.domain } : {}),
        description: tool.description,
        annotations,
        inputSchema: tool.inputSchema,
      };
    });
  return { servers, tools };
}
