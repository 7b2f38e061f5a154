import { assertCapabilities } from './capabilities.js';
import { classifyThrown, errorResult } from './errors.js';
import { formatDuration, MAX_TIMER_MS } from './guard.js';
import { resultFromReturn } from './result.js';
const ABORTED = Symbol('aborted');
/**
 * Run a tool's execute with an AbortSignal that fires on caller abort, turn end or timeout. The result
 * returns when the tool settles, or — if it ignores the signal — after a short grace period; a late
 * rejection from an abandoned tool is swallowed, never an unhandled rejection.
 */
export async function executeTool(spec, args, ctx, opts) {
    const call = { id: ctx.callId, name: spec.name };
    const controller = new AbortController();
    let abortKind;
    const abort = (kind, reason) => {
        if (controller.signal.aborted)
            return;
        abortKind = kind;
        controller.abort(reason ??
            new DOMException(kind === 'timeout' ? 'The tool timed out' : 'The call was cancelled', 'AbortError'));
    };
    for (const signal of opts.signals) {
        if (signal?.aborted)
            return abortedResult(call, 'cancelled', opts.timeoutMs);
    }
    const onAbort = (event) => abort('cancelled', event.target.reason);
    for (const signal of opts.signals)
        signal?.addEventListener('abort', onAbort, { once: true });
    const timer = Number.isFinite(opts.timeoutMs)
        ? setTimeout(() => abort('timeout'), Math.min(Math.max(opts.timeoutMs, 1), MAX_TIMER_MS))
        : undefined;
    timer?.unref?.();
    let abortedPromise;
    const whenAborted = () => (abortedPromise ??= new Promise((resolve) => {
        controller.signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
    }));
    try {
        const run = Promise.resolve().then(() => {
            assertCapabilities(spec.name, spec.capabilities, ctx.capabilities);
            return spec.execute(args, { ...ctx, signal: controller.signal });
        });
        run.catch(() => undefined); // an abandoned tool's late failure must not become an unhandled rejection
        const first = await Promise.race([run, whenAborted()]);
        if (first !== ABORTED)
            return resultFromReturn(call, first);
        // Aborted: give the tool a moment to clean up (kill its process tree), but never wait forever.
        await Promise.race([run.then(noop, noop), delay(opts.abortGraceMs)]);
        return abortedResult(call, abortKind ?? 'cancelled', opts.timeoutMs);
    }
    catch (error) {
        if (controller.signal.aborted)
            return abortedResult(call, abortKind ?? 'cancelled', opts.timeoutMs);
        const thrown = classifyThrown(error);
        const extra = {};
        if (thrown.hint !== undefined)
            extra.hint = thrown.hint;
        if (thrown.status !== undefined)
            extra.status = thrown.status;
        if (thrown.details !== undefined)
            extra.details = thrown.details;
        return errorResult(call, thrown.errorClass, thrown.message, extra);
    }
    finally {
        if (timer)
            clearTimeout(timer);
        for (const signal of opts.signals)
            signal?.removeEventListener('abort', onAbort);
    }
}
function abortedResult(call, kind, timeoutMs) {
    return kind === 'timeout'
        ? errorResult(call, 'timeout', `${call.name} did not finish within ${formatDuration(timeoutMs)} and was stopped.`)
        : errorResult(call, 'cancelled', `${call.name} was cancelled before it finished.`);
}
function delay(ms) {
    return new Promise((resolve) => {
        const t = setTimeout(resolve, ms);
        t.unref?.();
    });
}
function noop() { }
//# sourceMappingURL=execute.js.map