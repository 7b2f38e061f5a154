export const DEFAULT_YIELD_MS = 10_000;
export const MIN_YIELD_MS = 250;
export const MAX_YIELD_MS = 30_000;
/** yield_time_ms as the model gave it, brought into 250 ms – 30 s (10 s when absent or not a number). */
export function clampYieldTime(ms) {
    if (ms === undefined || !Number.isFinite(ms))
        return DEFAULT_YIELD_MS;
    return Math.min(MAX_YIELD_MS, Math.max(MIN_YIELD_MS, Math.round(ms)));
}
export async function waitForOutput(session, opts = {}) {
    const started = performance.now();
    const yieldMs = clampYieldTime(opts.yieldTimeMs);
    session.touch();
    let timer;
    let onAbort;
    let aborted = false;
    if (session.running && !opts.signal?.aborted) {
        await Promise.race([
            session.exited,
            new Promise((resolve) => {
                timer = setTimeout(resolve, yieldMs);
            }),
            new Promise((resolve) => {
                onAbort = () => {
                    aborted = true;
                    resolve();
                };
                opts.signal?.addEventListener('abort', onAbort, { once: true });
            }),
        ]);
        clearTimeout(timer);
        if (onAbort)
            opts.signal?.removeEventListener('abort', onAbort);
    }
    else if (opts.signal?.aborted) {
        aborted = true;
    }
    session.touch();
    const read = session.read();
    const exit = session.exit;
    return {
        exited: exit !== undefined,
        exitCode: exit ? exit.code : null,
        signal: exit ? exit.signal : null,
        wallTimeMs: performance.now() - started,
        output: read.text,
        droppedBytes: read.droppedBytes,
        read,
        aborted,
    };
}
//# sourceMappingURL=wait.js.map