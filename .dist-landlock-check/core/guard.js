/** The largest delay setTimeout honours; longer ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * Run one pipeline stage (a hook, an evaluator, a validator) so that it can neither hang the call nor escape
 * it: a synchronous answer returns at once with no timer; a promise is raced against the call's signals and a
 * deadline. A stage abandoned this way may still settle later; its result is ignored, its rejection swallowed.
 */
export async function guardStage(run, signals, timeoutMs) {
    let value;
    try {
        value = run();
    }
    catch (error) {
        return { ok: false, kind: 'error', error };
    }
    if (!isPromiseLike(value))
        return { ok: true, value: value };
    const promise = Promise.resolve(value);
    promise.catch(() => undefined);
    let settle;
    const stopped = new Promise((resolve) => {
        settle = resolve;
    });
    const onAbort = () => settle({ ok: false, kind: 'cancelled' });
    for (const signal of signals) {
        if (signal?.aborted)
            return { ok: false, kind: 'cancelled' };
        signal?.addEventListener('abort', onAbort, { once: true });
    }
    const timer = Number.isFinite(timeoutMs)
        ? setTimeout(() => settle({ ok: false, kind: 'timeout' }), Math.min(Math.max(timeoutMs, 1), MAX_TIMER_MS))
        : undefined;
    timer?.unref?.();
    try {
        return await Promise.race([
            promise.then((v) => ({ ok: true, value: v }), (error) => ({ ok: false, kind: 'error', error })),
            stopped,
        ]);
    }
    finally {
        if (timer)
            clearTimeout(timer);
        for (const signal of signals)
            signal?.removeEventListener('abort', onAbort);
    }
}
function isPromiseLike(value) {
    return ((typeof value === 'object' || typeof value === 'function') &&
        value !== null &&
        typeof value.then === 'function');
}
/** "30 s", "250 ms": how the model reads a duration. */
export function formatDuration(ms) {
    if (!Number.isFinite(ms))
        return 'no limit';
    if (ms >= 60_000 && ms % 60_000 === 0)
        return `${ms / 60_000} min`;
    return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
//# sourceMappingURL=guard.js.map