// Hooks: what a runtime's owner may plug in before and after each tool call, and how the pipeline runs them.
// A hook is someone else's code on the call's path, so every hook runs guarded (bounded in time, its throw
// caught) and a hook that fails stops the call rather than letting it through (fail closed).
import { canonicalJson } from '../schema/index.js';
import { errorMessage, errorResult, outcomeFor } from './errors.js';
import { formatDuration, guardStage } from './guard.js';
import { outcomeOf, toContent } from './result.js';
export function toHookLists(hooks) {
    const list = (value) => value === undefined ? [] : Array.isArray(value) ? value : [value];
    return { before: list(hooks?.beforeToolCall), after: list(hooks?.afterToolCall) };
}
/**
 * beforeToolCall hooks, in order. Each sees a copy of the arguments; a hook that blocks, throws, hangs or
 * answers nonsense stops the call (fail closed), and a hook that changes the arguments — returned or
 * edited in place — has the change validated and permission-checked again before it counts.
 */
export async function runBeforeHooks(hooks, stage) {
    const { tool, turn, call, signal, signals, timeoutMs, validate, permit } = stage;
    let args = stage.args;
    const hookCall = { id: call.id, name: call.name, arguments: args };
    if (hooks.length === 0)
        return { ok: true, args, hookCall };
    let snapshot = canonicalJson(args);
    for (const hook of hooks) {
        hookCall.arguments = structuredClone(args);
        const outcome = await guardStage(() => hook({ call: hookCall, tool, turn, signal }), signals, timeoutMs);
        if (!outcome.ok)
            return { ok: false, result: beforeHookFailure(call, outcome, timeoutMs), args };
        const verdict = outcome.value;
        let replacement;
        if (verdict !== undefined && verdict !== null) {
            if (typeof verdict !== 'object') {
                const message = `${call.name} was blocked: a beforeToolCall hook returned ${typeof verdict} instead of { block, reason } or { arguments }.`;
                return { ok: false, result: errorResult(call, 'blocked', message), args };
            }
            const v = verdict;
            if (v.block) {
                const reason = typeof v.reason === 'string' && v.reason
                    ? v.reason
                    : `${call.name} was blocked by a beforeToolCall hook.`;
                return { ok: false, result: errorResult(call, 'blocked', reason), args };
            }
            replacement = v.arguments;
        }
        if (replacement === undefined && canonicalJson(hookCall.arguments) !== snapshot)
            replacement = hookCall.arguments;
        if (replacement === undefined)
            continue;
        const again = await validate(replacement);
        if ('error' in again)
            return { ok: false, result: again.error, args };
        const denied = await permit(again.args);
        if (denied)
            return { ok: false, result: denied, args: again.args };
        args = again.args;
        snapshot = canonicalJson(args);
    }
    hookCall.arguments = structuredClone(args);
    return { ok: true, args, hookCall };
}
/** afterToolCall hooks, in order: each may patch the result; one that fails, hangs or answers garbage withholds it. */
export async function runAfterHooks(hooks, stage) {
    const { tool, turn, call, hookCall, timeoutMs } = stage;
    let result = stage.result;
    for (const hook of hooks) {
        const outcome = await guardStage(() => hook({ call: hookCall, tool, turn, result }), [stage.signal], timeoutMs);
        const patch = outcome.ok ? outcome.value : undefined;
        if (outcome.ok && (patch === undefined || patch === null))
            continue;
        if (outcome.ok && typeof patch === 'object') {
            try {
                result = applyPatch(result, patch);
            }
            catch (error) {
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
function beforeHookFailure(call, outcome, timeoutMs) {
    const what = 'a beforeToolCall hook';
    const errorClass = outcome.kind === 'cancelled' ? 'cancelled' : 'blocked';
    const message = outcome.kind === 'cancelled'
        ? `${call.name} was cancelled during ${what}.`
        : outcome.kind === 'timeout'
            ? `${call.name} was blocked: ${what} did not answer within ${formatDuration(timeoutMs)}.`
            : `${call.name} was blocked: ${what} failed (${errorMessage(outcome.error)}).`;
    return errorResult(call, errorClass, message);
}
function withheld(call, why) {
    return errorResult(call, 'blocked', `${call.name} ran, but an afterToolCall hook ${why}; its result is withheld.`);
}
/** Apply an afterToolCall hook's partial result. */
function applyPatch(result, patch) {
    const next = { ...result };
    if (patch.content !== undefined)
        next.content = toContent(patch.content);
    if (patch.details !== undefined)
        next.details = patch.details;
    if (patch.terminate !== undefined)
        next.terminate = patch.terminate;
    if (patch.isError !== undefined && patch.isError !== result.isError) {
        next.isError = patch.isError;
        next.outcome = outcomeOf(patch.isError, patch.outcome);
    }
    else if (patch.outcome) {
        next.outcome = next.isError
            ? outcomeFor(patch.outcome.errorClass ?? result.outcome.errorClass ?? 'tool_error', patch.outcome)
            : outcomeOf(false, patch.outcome);
    }
    return next;
}
//# sourceMappingURL=hooks.js.map