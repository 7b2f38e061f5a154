import type { ToolOutcome, ToolResult, ToolSpec } from '../types/index.js';
/** What hooks and evaluators learn about the turn a call belongs to. */
export interface TurnInfo {
    threadId: string;
    turnId: string;
    workspace: string;
    cwd: string;
}
export interface HookCall {
    id: string;
    name: string;
    arguments: Record<string, unknown>;
}
export interface BeforeToolCallContext {
    call: HookCall;
    tool: ToolSpec;
    turn: TurnInfo;
    signal: AbortSignal;
}
/** Block the call with a reason, replace its arguments (re-validated and re-checked), or return nothing. */
export type BeforeToolCallResult = undefined | null | void | {
    block: true;
    reason: string;
} | {
    arguments: Record<string, unknown>;
};
export type BeforeToolCallHook = (ctx: BeforeToolCallContext) => BeforeToolCallResult | Promise<BeforeToolCallResult>;
export interface AfterToolCallContext {
    call: HookCall;
    tool: ToolSpec;
    turn: TurnInfo;
    result: ToolResult;
}
/** What an afterToolCall hook may change. */
export type ResultPatch = Partial<Pick<ToolResult, 'content' | 'details' | 'isError' | 'terminate'>> & {
    outcome?: Partial<ToolOutcome>;
};
/** A partial result: rewrite content, details or isError, set terminate, or return nothing. */
export type AfterToolCallResult = undefined | null | void | ResultPatch;
export type AfterToolCallHook = (ctx: AfterToolCallContext) => AfterToolCallResult | Promise<AfterToolCallResult>;
export interface RuntimeHooks {
    beforeToolCall?: BeforeToolCallHook | BeforeToolCallHook[];
    afterToolCall?: AfterToolCallHook | AfterToolCallHook[];
}
/** Hooks as arrays, in registration order. */
export interface HookLists {
    before: BeforeToolCallHook[];
    after: AfterToolCallHook[];
}
export declare function toHookLists(hooks: RuntimeHooks | undefined): HookLists;
/** What every hook stage runs with. */
interface HookStage {
    tool: ToolSpec;
    turn: TurnInfo;
    call: {
        id: string;
        name: string;
    };
    /** How long one hook may take. */
    timeoutMs: number;
}
/**
 * beforeToolCall hooks, in order. Each sees a copy of the arguments; a hook that blocks, throws, hangs or
 * answers nonsense stops the call (fail closed), and a hook that changes the arguments — returned or
 * edited in place — has the change validated and permission-checked again before it counts.
 */
export declare function runBeforeHooks(hooks: readonly BeforeToolCallHook[], stage: HookStage & {
    args: Record<string, unknown>;
    /** The signal hooks receive. */
    signal: AbortSignal;
    /** What stops waiting for a hook: the caller's signal and the turn's. */
    signals: ReadonlyArray<AbortSignal | undefined>;
    /** Validate arguments a hook changed, as the validate stage does. */
    validate: (args: Record<string, unknown>) => Promise<{
        args: Record<string, unknown>;
    } | {
        error: ToolResult;
    }>;
    /** Check them with the permission stage again: an error result when they may not run. */
    permit: (args: Record<string, unknown>) => Promise<ToolResult | undefined>;
}): Promise<{
    ok: true;
    args: Record<string, unknown>;
    hookCall: HookCall;
} | {
    ok: false;
    result: ToolResult;
    args: Record<string, unknown>;
}>;
/** afterToolCall hooks, in order: each may patch the result; one that fails, hangs or answers garbage withholds it. */
export declare function runAfterHooks(hooks: readonly AfterToolCallHook[], stage: HookStage & {
    hookCall: HookCall;
    result: ToolResult;
    /** Stops waiting for a hook (the turn's signal). */
    signal: AbortSignal;
}): Promise<ToolResult>;
export {};
