import type { ErrorClass, ToolResult } from '../types/index.js';
import { checkArguments } from './argument-checks.js';
import { errorResult } from './errors.js';
import { formatDuration, type Guarded, guardStage } from './guard.js';
import type { HookCall, ResultPatch } from './hooks.js';
import { canonicalJson } from './permission.js';
import type { RuntimeEnv, TurnEnv } from './pipeline.js';
import { errorMessage } from './raw-call.js';
import type { RegisteredTool } from './registry.js';
import { applyPatch } from './result-views.js';

interface HookStage {
  runtime: RuntimeEnv;
  turn: TurnEnv;
  entry: RegisteredTool;
  call: { id: string; name: string };
}

/**
 * beforeToolCall hooks, in order. Each sees a copy of the arguments; a hook that blocks, throws, hangs or
 * answers nonsense stops the call (fail closed), and a hook that changes the arguments — returned or
 * edited in place — has the change validated and permission-checked again before it counts.
 */
export async function runBeforeHooks(
  stage: HookStage & {
    args: Record<string, unknown>;
    signals: Array<AbortSignal | undefined>;
    signal: AbortSignal | undefined;
    permit: (args: Record<string, unknown>) => Promise<ToolResult | undefined>;
  },
): Promise<
  | { ok: true; args: Record<string, unknown>; hookCall: HookCall }
  | { ok: false; result: ToolResult; args: Record<string, unknown> }
> {
  const { runtime, turn, entry, call, signals, permit } = stage;
  let args = stage.args;
  const hookCall: HookCall = { id: call.id, name: call.name, arguments: args };
  if (runtime.hooks.before.length === 0) return { ok: true, args, hookCall };
  let snapshot = canonicalJson(args);
  for (const hook of runtime.hooks.before) {
    hookCall.arguments = structuredClone(args);
    const outcome = await guardStage(
      () => hook({ call: hookCall, tool: entry.spec, turn: turn.info, signal: stage.signal ?? turn.signal }),
      signals,
      runtime.hookTimeoutMs,
    );
    if (!outcome.ok) return { ok: false, result: stageFailure(runtime, call, outcome), args };
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
    const again = await checkArguments(entry, call, replacement as Record<string, unknown>, {
      signals,
      timeoutMs: runtime.hookTimeoutMs,
      when: 'after a beforeToolCall hook',
    });
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
  stage: HookStage & { hookCall: HookCall; result: ToolResult },
): Promise<ToolResult> {
  const { runtime, turn, entry, call, hookCall } = stage;
  let result = stage.result;
  for (const hook of runtime.hooks.after) {
    const outcome = await guardStage(
      () => hook({ call: hookCall, tool: entry.spec, turn: turn.info, result }),
      [turn.signal],
      runtime.hookTimeoutMs,
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
          ? `did not answer within ${formatDuration(runtime.hookTimeoutMs)}`
          : 'was cancelled'
      : `returned ${typeof patch}`;
    result = withheld(call, why);
  }
  return result;
}

function stageFailure(
  runtime: RuntimeEnv,
  call: { id: string; name: string },
  outcome: Exclude<Guarded<unknown>, { ok: true }>,
): ToolResult {
  const what = 'a beforeToolCall hook';
  const errorClass: ErrorClass = outcome.kind === 'cancelled' ? 'cancelled' : 'blocked';
  const message =
    outcome.kind === 'cancelled'
      ? `${call.name} was cancelled during ${what}.`
      : outcome.kind === 'timeout'
        ? `${call.name} was blocked: ${what} did not answer within ${formatDuration(runtime.hookTimeoutMs)}.`
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
