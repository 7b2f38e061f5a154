// A server's tools in the runtime, kept in step with the server's list: new tools registered (visible from the
// next turn), removed ones unregistered (their calls then answer unknown_tool), changed ones registered again.
// A tool the registry refuses (an unusable schema, say) is skipped with the reason; it is never fatal.
import type { ExtensionHost } from '../../core/index.js';
import type { ToolTrust } from '../../types/index.js';
import { ToolNames } from './names.js';
import { type McpListedTool, type McpToolSource, mcpToolSpec, unsupportedReason } from './tool-spec.js';

interface Registered {
  name: string;
  /** What the server said about the tool, to notice a change. */
  fingerprint: string;
}

/** What one listing changed, by handrail name. */
export interface ToolChanges {
  added: string[];
  removed: string[];
  changed: string[];
  skipped: Array<{ tool: string; reason: string }>;
}

export class ServerTools {
  private readonly names: ToolNames;
  private readonly registered = new Map<string, Registered>();
  private skippedNow: Array<{ tool: string; reason: string }> = [];

  constructor(
    private readonly host: ExtensionHost,
    private readonly source: McpToolSource,
    private readonly trust: ToolTrust,
  ) {
    this.names = new ToolNames(source.server, (name) => host.hasTool(name));
  }

  get count(): number {
    return this.registered.size;
  }

  get skipped(): Array<{ tool: string; reason: string }> {
    return this.skippedNow.map((entry) => ({ ...entry }));
  }

  /** Upstream name → handrail name, for the tools registered now. */
  mapping(): Array<{ tool: string; name: string }> {
    return [...this.registered].map(([tool, entry]) => ({ tool, name: entry.name }));
  }

  /** Bring the registrations in line with the server's list. */
  sync(tools: readonly McpListedTool[], truncated: boolean): ToolChanges {
    const changes: ToolChanges = { added: [], removed: [], changed: [], skipped: [] };
    const listed = new Set<string>();
    for (const tool of tools) {
      const upstream = typeof tool?.name === 'string' ? tool.name : '';
      if (!upstream) {
        changes.skipped.push({ tool: String(tool?.name), reason: 'the server listed a tool without a name' });
        continue;
      }
      if (listed.has(upstream)) {
        changes.skipped.push({
          tool: upstream,
          reason: 'the server listed this name twice; the first was kept',
        });
        continue;
      }
      listed.add(upstream);
      const unsupported = unsupportedReason(tool);
      if (unsupported) {
        this.remove(upstream, changes);
        changes.skipped.push({ tool: upstream, reason: unsupported });
        continue;
      }
      this.place(tool, changes);
    }
    for (const upstream of [...this.registered.keys()])
      if (!listed.has(upstream)) this.remove(upstream, changes);
    if (truncated) {
      changes.skipped.push({
        tool: '*',
        reason: 'the server lists more tools than handrail takes; the rest were left out',
      });
    }
    this.skippedNow = changes.skipped;
    return changes;
  }

  private place(tool: McpListedTool, changes: ToolChanges): void {
    const fingerprint = fingerprintOf(tool);
    const before = this.registered.get(tool.name);
    if (before?.fingerprint === fingerprint) return;
    if (before) {
      this.host.unregisterTool(before.name);
      this.registered.delete(tool.name);
    }
    const name = this.names.nameFor(tool.name);
    try {
      this.host.registerTool(mcpToolSpec(tool, name, this.source), {
        origin: 'mcp',
        ...(this.trust !== 'none' ? { trust: this.trust } : {}),
      });
    } catch (error) {
      this.names.release(tool.name);
      const problems = (error as { problems?: unknown }).problems;
      const reason = Array.isArray(problems)
        ? problems.join('; ')
        : ((error as Error)?.message ?? String(error));
      changes.skipped.push({ tool: tool.name, reason: `handrail cannot offer it: ${reason}` });
      if (before) changes.removed.push(before.name);
      return;
    }
    this.registered.set(tool.name, { name, fingerprint });
    (before ? changes.changed : changes.added).push(name);
  }

  private remove(upstream: string, changes: ToolChanges): void {
    const entry = this.registered.get(upstream);
    if (!entry) return;
    this.host.unregisterTool(entry.name);
    this.registered.delete(upstream);
    this.names.release(upstream);
    changes.removed.push(entry.name);
  }
}

/** What a tool's registration depends on: a different one is registered again. */
function fingerprintOf(tool: McpListedTool): string {
  try {
    return JSON.stringify([tool.title, tool.description, tool.inputSchema, tool.annotations]);
  } catch {
    return String(Math.random());
  }
}
