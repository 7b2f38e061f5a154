// Waiting on a session for the model: until the process exits, yield_time_ms passes, or the call is aborted.
import type { BufferRead } from './head-tail-buffer.js';
import type { Session } from './session.js';

export const DEFAULT_YIELD_MS = 10_000;
export const MIN_YIELD_MS = 250;
export const MAX_YIELD_MS = 30_000;

export interface WaitOptions {
  yieldTimeMs?: number;
  signal?: AbortSignal;
}

export interface WaitResult {
  exited: boolean;
  /** The exit code; null while running or when a signal ended it. */
  exitCode: number | null;
  signal: string | null;
  wallTimeMs: number;
  /** What the model has not seen yet, with a dropped-bytes line where the buffer had to drop some. */
  output: string;
  droppedBytes: number;
  /** The same read, in parts (head, dropped count, tail, bytes covered). */
  read: BufferRead;
  /** The wait ended because the signal aborted. */
  aborted: boolean;
}

/** yield_time_ms as the model gave it, brought into 250 ms – 30 s (10 s when absent or not a number). */
export function clampYieldTime(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms)) return DEFAULT_YIELD_MS;
  return Math.min(MAX_YIELD_MS, Math.max(MIN_YIELD_MS, Math.round(ms)));
}

export async function waitForOutput(session: Session, opts: WaitOptions = {}): Promise<WaitResult> {
  const started = performance.now();
  const yieldMs = clampYieldTime(opts.yieldTimeMs);
  session.touch();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  let aborted = false;
  if (session.running && !opts.signal?.aborted) {
    await Promise.race([
      session.exited,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, yieldMs);
      }),
      new Promise<void>((resolve) => {
        onAbort = () => {
          aborted = true;
          resolve();
        };
        opts.signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    clearTimeout(timer);
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
  } else if (opts.signal?.aborted) {
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
