/** The largest delay setTimeout honours; longer ones fire at once. */
export declare const MAX_TIMER_MS: number;
export type Guarded<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    kind: 'cancelled' | 'timeout' | 'error';
    error?: unknown;
};
/**
 * Run one pipeline stage (a hook, an evaluator, a validator) so that it can neither hang the call nor escape
 * it: a synchronous answer returns at once with no timer; a promise is raced against the call's signals and a
 * deadline. A stage abandoned this way may still settle later; its result is ignored, its rejection swallowed.
 */
export declare function guardStage<T>(run: () => T | Promise<T>, signals: ReadonlyArray<AbortSignal | undefined>, timeoutMs: number): Promise<Guarded<Awaited<T>>>;
/** "30 s", "250 ms": how the model reads a duration. */
export declare function formatDuration(ms: number): string;
