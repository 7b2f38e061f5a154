// The upstream MCP servers' tools as `handrail tools` reports them: each with its server, the action kind the
// runtime gives its calls (mcp_read only when it treats the tool as read-only: the server is trusted and the
// tool says so), and what the profile and the policy files do with such a call (allow, ask or deny) before any
// argument is seen.
import type { McpRuntime, McpServerStatus } from '../extensions/index.js';
import { decideStatic, type PermissionMode } from '../policy/index.js';
import { loadPolicyLayers } from '../policy/policy-file/index.js';
import { describedAnnotations, type McpToolAnnotations } from '../server/index.js';
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
    policy?: string;
    trustProject?: boolean;
  },
): UpstreamReport {
  const servers = runtime.mcpStatus();
  const described = runtime.describeTools();
  const policy = loadPolicyLayers({
    workspace: runtime.workspace,
    ...(opts.policy !== undefined ? { session: opts.policy } : {}),
    knownTools: described.map((d) => d.name),
    ...(opts.trustProject ? { trustProject: true } : {}),
  });
  // Each registered tool's server, from the servers' own mappings.
  const serverOf = new Map(servers.flatMap((s) => s.mapping.map(({ name }) => [name, s.name] as const)));
  const tools = described
    .filter((tool) => tool.origin === 'mcp')
    .map((tool): UpstreamTool => {
      const classification = tool.readOnly ? 'mcp_read' : 'mcp_write_or_unknown';
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
        server: serverOf.get(tool.name) ?? '',
        classification,
        decision: decision.behavior,
        asks: decision.behavior === 'ask',
        rule: decision.rule,
        ...(tool.domain !== undefined ? { domain: tool.domain } : {}),
        description: tool.description,
        annotations: describedAnnotations(tool),
        inputSchema: tool.inputSchema,
      };
    });
  return { servers, tools };
}
