import { setMaxListeners } from 'node:events';
import { FileVersions } from '../sandbox/index.js';
import type { JsonSchema, ToolCall, ToolResult } from '../types/index.js';
import { runBatch } from './batch.js';
import type { VisibilityControl } from './capabilities.js';
import type { TurnInfo } from './hooks.js';
import { type CallOptions, type RuntimeEnv, runCall, type TurnEnv } from './pipeline.js';
import type { RegisteredTool } from './registry.js';
import { REQUEST_TOOLS } from './request-tools.js';
import { RetryBudget, type RetryBudgetLimits } from './retry-budget.js';

export interface VisibleTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface RevealReport {
  revealed: string[];
  alreadyVisible: string[];
  /** Names that are not registered tools. */
  unknown: string[];
  /** Domain names given where tool names belong (preflight must name tools). */
  rejectedDomains: string[];
}

export interface TurnLimits {
  maxCallsPerTurn: number;
  batchConcurrency: number;
  retryBudget: RetryBudgetLimits;
}

/**
 * One agent turn: its ids, what the model can see (visibility only grows), its retry budgets and its calls.
 * Ending the turn aborts whatever still runs.
 */
export class Turn {
  readonly threadId: string;
  readonly turnId: string;
  readonly workspace: string;
  readonly cwd: string;
  private readonly revealed = new Set<string>();
  private readonly controller = new AbortController();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly toolState = new Map<string, Map<string, unknown>>();
  private readonly env: TurnEnv;
  private readonly capabilities: Record<string, unknown>;
  /** Extension tools registered from this generation on arrived during the turn: they wait for the next one. */
  private toolGeneration: number;
  private callCount = 0;
  private generatedIds = 0;
  private ended = false;

  constructor(
    private readonly runtime: RuntimeEnv,
    info: TurnInfo,
    private readonly limits: TurnLimits,
    /** Capabilities the runtime hands this turn (file access, shared file locks). */
    capabilities: Record<string, unknown>,
    private readonly onEnd: (turn: Turn) => void,
    /** The turn's sandbox policy, asked about each call before a human is. */
    precheck: TurnEnv['precheck'] = async () => ({ ok: true }),
  ) {
    this.threadId = info.threadId;
    this.turnId = info.turnId;
    this.workspace = info.workspace;
    this.cwd = info.cwd;
    this.capabilities = capabilities;
    this.toolGeneration = runtime.registry.nextGeneration;
    // Every call in flight listens to the turn's signal; many at once is normal, not a leak.
    setMaxListeners(0, this.controller.signal);
    const visibility: VisibilityControl = { revealDomains: (domains) => this.revealDomains(domains) };
    this.env = {
      info,
      signal: this.controller.signal,
      isVisible: (entry) => this.isVisible(entry),
      existsForTurn: (entry) => this.existsForTurn(entry),
      visibleNames: () => this.visibleEntries().map((e) => e.spec.name),
      budget: new RetryBudget(limits.retryBudget),
      stateFor: (name) => {
        let state = this.toolState.get(name);
        if (!state) {
          state = new Map();
          this.toolState.set(name, state);
        }
        return state;
      },
      admitCall: () => ++this.callCount <= limits.maxCallsPerTurn,
      nextCallId: () => `call_${++this.generatedIds}`,
      maxCalls: limits.maxCallsPerTurn,
      capabilities: { ...capabilities, visibility, fileVersions: new FileVersions() },
      precheck,
    };
    runtime.events.emit(
      'turn/started',
      { threadId: this.threadId, turnId: this.turnId },
      { workspace: this.workspace, cwd: this.cwd },
    );
  }

  /** The tools the model may call now, with provider-ready JSON Schemas. */
  visibleTools(): VisibleTool[] {
    return this.visibleEntries().map((entry) => {
      // A copy: an adapter that rewrites a schema (strict mode, say) must not change it for later turns.
      if (entry.spec.name === REQUEST_TOOLS) return this.requestToolsView(entry);
      return {
        name: entry.spec.name,
        description: entry.spec.description,
        inputSchema: structuredClone(entry.providerSchema),
      };
    });
  }

  /** Run one call through the pipeline. Never throws; every failure is a result. */
  call(call: ToolCall, opts: CallOptions = {}): Promise<ToolResult> {
    const promise = runCall(this.runtime, this.env, call, opts ?? {});
    this.track(promise);
    return promise;
  }

  /** Run a model's batch: read-only calls concurrently, mutating calls in order, results in the model's order. */
  callMany(calls: ToolCall[], opts: CallOptions = {}): Promise<ToolResult[]> {
    const list: unknown[] = Array.isArray(calls) ? calls : [];
    const promise = runBatch(
      list,
      (call) => {
        // Only a visible read-only tool may run alongside others. Unknown and hidden tools are barriers: an
        // earlier request_tools in the same batch may reveal a mutating tool.
        const name = typeof call === 'object' && call !== null ? (call as ToolCall).name : undefined;
        const entry = typeof name === 'string' ? this.runtime.registry.get(name) : undefined;
        return entry !== undefined && this.isVisible(entry) && entry.readOnly;
      },
      (call) => runCall(this.runtime, this.env, call, opts ?? {}),
      this.limits.batchConcurrency,
    );
    this.track(promise);
    return promise;
  }

  /**
   * Take on the tools extensions registered since the turn began (an MCP server's new tools), for a turn that
   * lives as long as a client connection: call it only when the model's side is told the list changed (an MCP
   * server session sends `notifications/tools/list_changed`). Returns the names that became visible.
   */
  refreshTools(): string[] {
    const before = new Set(this.visibleEntries().map((entry) => entry.spec.name));
    this.toolGeneration = this.runtime.registry.nextGeneration;
    return this.visibleEntries()
      .map((entry) => entry.spec.name)
      .filter((name) => !before.has(name));
  }

  /** Apply a preflight choice: exact tool names of hidden tools (never domain names). */
  reveal(names: string[]): RevealReport {
    const report: RevealReport = { revealed: [], alreadyVisible: [], unknown: [], rejectedDomains: [] };
    const domains = new Set(this.runtime.registry.domains());
    for (const name of new Set(names)) {
      const entry = this.runtime.registry.get(name);
      if (!entry || !this.existsForTurn(entry)) {
        (domains.has(name) ? report.rejectedDomains : report.unknown).push(name);
      } else if (this.isVisible(entry)) report.alreadyVisible.push(name);
      else {
        this.revealed.add(name);
        report.revealed.push(name);
      }
    }
    if (report.revealed.length > 0) this.emitVisibilityChange(report.revealed, 'preflight');
    return report;
  }

  /** End the turn: abort running calls, wait for them to settle, release turn state. Idempotent. */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.controller.abort(new DOMException('The turn ended', 'AbortError'));
    await Promise.allSettled([...this.inflight]);
    // Capabilities holding resources (shell sessions) release them with the turn.
    await Promise.allSettled(
      Object.values(this.capabilities)
        .filter(
          (c): c is { dispose(): Promise<void> } =>
            typeof (c as { dispose?: unknown })?.dispose === 'function',
        )
        .map((c) => c.dispose()),
    );
    this.toolState.clear();
    this.runtime.events.emit(
      'turn/ended',
      { threadId: this.threadId, turnId: this.turnId },
      { calls: this.callCount },
    );
    this.onEnd(this);
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  private revealDomains(domains: string[]): {
    revealed: string[];
    alreadyVisible: string[];
    unavailable: string[];
  } {
    const revealed: string[] = [];
    const alreadyVisible: string[] = [];
    const unavailable: string[] = [];
    const registered = this.runtime.registry.list().filter((e) => this.existsForTurn(e));
    for (const domain of domains) {
      const members = registered.filter((e) => e.spec.domain === domain);
      if (members.length === 0) {
        unavailable.push(domain);
        continue;
      }
      for (const entry of members) {
        if (this.isVisible(entry)) alreadyVisible.push(entry.spec.name);
        else {
          this.revealed.add(entry.spec.name);
          revealed.push(entry.spec.name);
        }
      }
    }
    if (revealed.length > 0) this.emitVisibilityChange(revealed, 'request_tools');
    return { revealed, alreadyVisible, unavailable };
  }

  private isVisible(entry: RegisteredTool): boolean {
    if (entry.spec.name === REQUEST_TOOLS && entry.source === 'builtin') {
      return this.runtime.registry.domains().length > 0;
    }
    if (!this.existsForTurn(entry)) return false;
    return !entry.spec.domain || this.revealed.has(entry.spec.name);
  }

  /**
   * An extension's tool list (an MCP server's) may change mid-turn; the model's does not: its new tools wait for
   * the next turn. Tools the owner registers in code are there at once.
   */
  private existsForTurn(entry: RegisteredTool): boolean {
    return entry.extension === undefined || entry.generation < this.toolGeneration;
  }

  private visibleEntries(): RegisteredTool[] {
    return this.runtime.registry.list().filter((entry) => this.isVisible(entry));
  }

  /** request_tools advertises the domains that exist now, with the tools each would reveal. */
  private requestToolsView(entry: RegisteredTool): VisibleTool {
    const byDomain = new Map<string, string[]>();
    for (const e of this.runtime.registry.list()) {
      if (!e.spec.domain || !this.existsForTurn(e)) continue;
      const list = byDomain.get(e.spec.domain) ?? [];
      list.push(e.spec.name);
      byDomain.set(e.spec.domain, list);
    }
    const domains = [...byDomain.keys()].sort();
    const listing = domains.map((d) => `${d} (${byDomain.get(d)!.join(', ')})`).join('; ');
    const schema = structuredClone(entry.providerSchema) as {
      properties: { domains: { items: JsonSchema } };
    };
    schema.properties.domains.items = { type: 'string', enum: domains };
    return {
      name: entry.spec.name,
      description: `${entry.spec.description} Domains: ${listing}.`,
      inputSchema: schema,
    };
  }

  private emitVisibilityChange(revealed: string[], via: string): void {
    this.runtime.events.emit(
      'tool/visibility/changed',
      { threadId: this.threadId, turnId: this.turnId },
      { revealed, via },
    );
  }

  private track(promise: Promise<unknown>): void {
    this.inflight.add(promise);
    promise.finally(() => this.inflight.delete(promise)).catch(() => undefined);
  }
}
