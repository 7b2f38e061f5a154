import type { PermissionEvaluator, PermissionIntent, SandboxVerdict, ToolContent, ToolResult } from '../types/index.js';
import type { EventBus } from './events.js';
import { type HookLists, type TurnInfo } from './hooks.js';
import { type ProjectionEnv } from './projection.js';
import type { RegisteredTool, ToolRegistry } from './registry.js';
import type { RetryBudget } from './retry-budget.js';
/** What the pipeline needs from the runtime. */
export interface RuntimeEnv {
    registry: ToolRegistry;
    events: EventBus;
    hooks: HookLists;
    permission: PermissionEvaluator;
    projection: Omit<ProjectionEnv, 'turnId'>;
    maxArgumentBytes: number;
    toolTimeoutMs: number;
    abortGraceMs: number;
    hookTimeoutMs: number;
    permissionTimeoutMs: number;
}
/** What the pipeline needs from the turn. */
export interface TurnEnv {
    info: TurnInfo;
    /** Aborted when the turn ends. */
    signal: AbortSignal;
    isVisible(entry: RegisteredTool): boolean;
    visibleNames(): string[];
    budget: RetryBudget;
    /** Turn-scoped state, one map per tool. */
    stateFor(toolName: string): Map<string, unknown>;
    /** An id for a call that arrived without one. */
    nextCallId(): string;
    /** Counts calls; returns false once the turn's call cap is spent. */
    admitCall(): boolean;
    maxCalls: number;
    /** The turn's checked capabilities handed to tools (visibility now; file, network, process later). */
    capabilities: Record<string, unknown>;
    /** What the turn's sandbox policy says of a call, before anyone is asked. */
    precheck: (intent: PermissionIntent) => Promise<SandboxVerdict>;
}
export interface CallOptions {
    signal?: AbortSignal;
    onUpdate?: (update: {
        callId: string;
        name: string;
        content?: ToolContent[];
        details?: Record<string, unknown>;
    }) => void;
}
/** One call, end to end. Never throws. */
export declare function runCall(runtime: RuntimeEnv, turn: TurnEnv, rawCall: unknown, opts?: CallOptions): Promise<ToolResult>;
