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
export type BeforeToolCallResult =
  | undefined
  | null
  // biome-ignore lint/suspicious/noConfusingVoidType: hooks commonly return nothing
  | void
  | { block: true; reason: string }
  | { arguments: Record<string, unknown> };

export type BeforeToolCallHook = (
  ctx: BeforeToolCallContext,
) => BeforeToolCallResult | Promise<BeforeToolCallResult>;

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
export type AfterToolCallResult =
  | undefined
  | null
  // biome-ignore lint/suspicious/noConfusingVoidType: hooks commonly return nothing
  | void
  | ResultPatch;

export type AfterToolCallHook = (
  ctx: AfterToolCallContext,
) => AfterToolCallResult | Promise<AfterToolCallResult>;

export interface RuntimeHooks {
  beforeToolCall?: BeforeToolCallHook | BeforeToolCallHook[];
  afterToolCall?: AfterToolCallHook | AfterToolCallHook[];
}

/** Hooks as arrays, in registration order. */
export interface HookLists {
  before: BeforeToolCallHook[];
  after: AfterToolCallHook[];
}

export function toHookLists(hooks: RuntimeHooks | undefined): HookLists {
  const list = <T>(value: T | T[] | undefined): T[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value];
  return { before: list(hooks?.beforeToolCall), after: list(hooks?.afterToolCall) };
}
