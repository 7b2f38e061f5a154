import type { JsonSchema, ToolCall, ToolResult } from '../types/index.js';
import type { TurnInfo } from './hooks.js';
import { type CallOptions, type RuntimeEnv, type TurnEnv } from './pipeline.js';
import { type RetryBudgetLimits } from './retry-budget.js';
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
export declare class Turn {
    private readonly runtime;
    private readonly limits;
    private readonly onEnd;
    readonly threadId: string;
    readonly turnId: string;
    readonly workspace: string;
    readonly cwd: string;
    private readonly revealed;
    private readonly controller;
    private readonly inflight;
    private readonly toolState;
    private readonly env;
    private readonly capabilities;
    private callCount;
    private generatedIds;
    private ended;
    constructor(runtime: RuntimeEnv, info: TurnInfo, limits: TurnLimits, 
    /** Capabilities the runtime hands this turn (file access, shared file locks). */
    capabilities: Record<string, unknown>, onEnd: (turn: Turn) => void, 
    /** The turn's sandbox policy, asked about each call before a human is. */
    precheck?: TurnEnv['precheck']);
    /** The tools the model may call now, with provider-ready JSON Schemas. */
    visibleTools(): VisibleTool[];
    /** Run one call through the pipeline. Never throws; every failure is a result. */
    call(call: ToolCall, opts?: CallOptions): Promise<ToolResult>;
    /** Run a model's batch: read-only calls concurrently, mutating calls in order, results in the model's order. */
    callMany(calls: ToolCall[], opts?: CallOptions): Promise<ToolResult[]>;
    /** Apply a preflight choice: exact tool names of hidden tools (never domain names). */
    reveal(names: string[]): RevealReport;
    /** End the turn: abort running calls, wait for them to settle, release turn state. Idempotent. */
    end(): Promise<void>;
    get hasEnded(): boolean;
    private revealDomains;
    private isVisible;
    private visibleEntries;
    /** request_tools advertises the domains that exist now, with the tools each would reveal. */
    private requestToolsView;
    private emitVisibilityChange;
    private track;
}
