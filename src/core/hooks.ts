// Hooks: what a runtime's owner may plug in before and after each tool call, and how the pipeline runs them.
// A hook is someone else's code on the call's path, so every hook runs guarded (bounded in time, its throw
// caught) and a hook that fails stops the call rather than letting it through (fail closed).
import { canonicalJson } from '../schema/index.js';
import type { ErrorClass, ToolOutcome, ToolResult, ToolSpec } from '../types/index.js';
import { errorMessage, errorResult, outcomeFor } from './errors.js';
import { formatDuration, type Guarded, guardStage } from './guard.js';
import { outcomeOf, toContent } from './result.js';

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

/** What every hook stage runs with. */
interface HookStage {
  tool: ToolSpec;
  turn: TurnInfo;
  call: { id: string; name: string };
  /** How long one hook may take. */
  timeoutMs: number;
}

/**
 * beforeToolCall hooks, in order. Each sees a copy of the arguments; a hook that blocks, throws, hangs or
 * answers nonsense stops the call (fail closed), and a hook that changes the arguments — returned or
 * edited in place — has the change validated and permission-checked again before it counts.
 */
export async function runBeforeHooks(
  hooks: readonly BeforeToolCallHook[],
  stage: HookStage & {
    args: Record<string, unknown>;
    /** The signal hooks receive. */
    signal: AbortSignal;
    /** What stops waiting for a hook: the caller's signal and the turn's. */
    signals: ReadonlyArray<AbortSignal | undefined>;
    /** Validate arguments a hook changed, as the validate stage does. */
    validate: (
      args: Record<string, unknown>,
    ) => Promise<{ args: Record<string, unknown> } | { error: ToolResult }>;
    /** Check them with the permission stage again: an error result when they may not run. */
    permit: (args: Record<string, unknown>) => Promise<ToolResult | undefined>;
  },
): Promise<
  | { ok: true; args: Record<string, unknown>; hookCall: HookCall }
  | { ok: false; result: ToolResult; args: Record<string, unknown> }
> {
  const { tool, turn, call, signal, signals, timeoutMs, validate, permit } = stage;
  let args = stage.args;
  const hookCall: HookCall = { id: call.id, name: call.name, arguments: args };
  if (hooks.length === 0) return { ok: true, args, hookCall };
  let snapshot = canonicalJson(args);
  for (const hook of hooks) {
    hookCall.arguments = structuredClone(args);
    const outcome = await guardStage(() => hook({ call: hookCall, tool, turn, signal }), signals, timeoutMs);
    if (!outcome.ok) return { ok: false, result: beforeHookFailure(call, outcome, timeoutMs), args };
    const verdict = outcome.value as unknown;
    let replacement: unknown;
    if (verdict !== undefined && verdict !== null) {
      if (typeof verdict !== 'object') {
        const message = `${call.name} was blocked: a beforeToolCall hook returned ${typeof verdict} instead of { block, reason } or { arguments }.`;
        return { ok: false, result: errorResult(call, 'blocked', message), args };
      }
      const v = verdict as { block?: unknown; reason?: unknown; arguments?: unknown };
      if (v.block) {
        const reason =
          typeof v.reason === 'string' && v.reason
            ? v.reason
            : `${call.name} was blocked by a beforeToolCall hook.`;
        return { ok: false, result: errorResult(call, 'blocked', reason), args };
      }
      replacement = v.arguments;
    }
    if (replacement === undefined && canonicalJson(hookCall.arguments) !== snapshot)
      replacement = hookCall.arguments;
    if (replacement === undefined) continue;
    const again = await validate(replacement as Record<string, unknown>);
    if ('error' in again) return { ok: false, result: again.error, args };
    const denied = await permit(again.args);
    if (denied) return { ok: false, result: denied, args: again.args };
    args = again.args;
    snapshot = canonicalJson(args);
  }
  hookCall.arguments = structuredClone(args);
  return { ok: true, args, hookCall };
}

/** afterToolCall hooks, in order: each may patch the result; one that fails, hangs or answers garbage withholds it. */
export async function runAfterHooks(
  hooks: readonly AfterToolCallHook[],
  stage: HookStage & {
    hookCall: HookCall;
    result: ToolResult;
    /** Stops waiting for a hook (the turn's signal). */
    signal: AbortSignal;
  },
): Promise<ToolResult> {
  const { tool, turn, call, hookCall, timeoutMs } = stage;
  let result = stage.result;
  for (const hook of hooks) {
    const outcome = await guardStage(
      () => hook({ call: hookCall, tool, turn, result }),
      [stage.signal],
      timeoutMs,
    );
    const patch = outcome.ok ? (outcome.value as unknown) : undefined;
    if (outcome.ok && (patch === undefined || patch === null)) continue;
    if (outcome.ok && typeof patch === 'object') {
      try {
        result = applyPatch(result, patch as ResultPatch);
      } catch (error) {
        result = withheld(call, `its result could not be applied (${errorMessage(error)})`);
      }
      continue;
    }
    const why = !outcome.ok
      ? outcome.kind === 'error'
        ? `failed (${errorMessage(outcome.error)})`
        : outcome.kind === 'timeout'
          ? `did not answer within ${formatDuration(timeoutMs)}`
          : 'was cancelled'
      : `returned ${typeof patch}`;
    result = withheld(call, why);
  }
  return result;
}

function beforeHookFailure(
  call: { id: string; name: string },
  outcome: Exclude<Guarded<unknown>, { ok: true }>,
  timeoutMs: number,
): ToolResult {
  const what = 'a beforeToolCall hook';
  const errorClass: ErrorClass = outcome.kind === 'cancelled' ? 'cancelled' : 'blocked';
  const message =
    outcome.kind === 'cancelled'
      ? `${call.name} was cancelled during ${what}.`
      : outcome.kind === 'timeout'
        ? `${call.name} was blocked: ${what} did not answer within ${formatDuration(timeoutMs)}.`
        : `${call.name} was blocked: ${what} failed (${errorMessage(outcome.error)}).`;
  return errorResult(call, errorClass, message);
}

function withheld(call: { id: string; name: string }, why: string): ToolResult {
  return errorResult(
    call,
    'blocked',
    `${call.name} ran, but an afterToolCall hook ${why}; its result is withheld.`,
  );
}

/** Apply an afterToolCall hook's partial result. */
function applyPatch(result: ToolResult, patch: ResultPatch): ToolResult {
  const next: ToolResult = { ...result };
  if (patch.content !== undefined) next.content = toContent(patch.content);
  if (patch.details !== undefined) next.details = patch.details;
  if (patch.terminate !== undefined) next.terminate = patch.terminate;
  if (patch.isError !== undefined && patch.isError !== result.isError) {
    next.isError = patch.isError;
    next.outcome = outcomeOf(patch.isError, patch.outcome);
  } else if (patch.outcome) {
    next.outcome = next.isError
      ? outcomeFor(patch.outcome.errorClass ?? result.outcome.errorClass ?? 'tool_error', patch.outcome)
      : outcomeOf(false, patch.outcome);
  }
  return next;
}
