/** The largest delay setTimeout honours; longer ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export type Guarded<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'cancelled' | 'timeout' | 'error'; error?: unknown };

/**
 * Run one pipeline stage (a hook, an evaluator, a validator) so that it can neither hang the call nor escape
 * it: a synchronous answer returns at once with no timer; a promise is raced against the call's signals and a
 * deadline. A stage abandoned this way may still settle later; its result is ignored, its rejection swallowed.
 */
export async function guardStage<T>(
  run: () => T | Promise<T>,
  signals: ReadonlyArray<AbortSignal | undefined>,
  timeoutMs: number,
): Promise<Guarded<Awaited<T>>> {
  let value: T | Promise<T>;
  try {
    value = run();
  } catch (error) {
    return { ok: false, kind: 'error', error };
  }
  if (!isPromiseLike(value)) return { ok: true, value: value as Awaited<T> };
  const promise = Promise.resolve(value);
  promise.catch(() => undefined);

  let settle!: (outcome: Guarded<Awaited<T>>) => void;
  const stopped = new Promise<Guarded<Awaited<T>>>((resolve) => {
    settle = resolve;
  });
  const onAbort = () => settle({ ok: false, kind: 'cancelled' });
  for (const signal of signals) {
    if (signal?.aborted) return { ok: false, kind: 'cancelled' };
    signal?.addEventListener('abort', onAbort, { once: true });
  }
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => settle({ ok: false, kind: 'timeout' }), Math.min(Math.max(timeoutMs, 1), MAX_TIMER_MS))
    : undefined;
  timer?.unref?.();
  try {
    return await Promise.race([
      promise.then(
        (v): Guarded<Awaited<T>> => ({ ok: true, value: v as Awaited<T> }),
        (error): Guarded<Awaited<T>> => ({ ok: false, kind: 'error', error }),
      ),
      stopped,
    ]);
  } finally {
    if (timer) clearTimeout(timer);
    for (const signal of signals) signal?.removeEventListener('abort', onAbort);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  );
}

/** "30 s", "250 ms": how the model reads a duration. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return 'no limit';
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
