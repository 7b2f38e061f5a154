// Per-tool rate limits: token buckets per minute and per hour. Side-effecting tools get defaults (shell 30/min,
// web 30/min, file writes 20/min); reads get none.
import type { ActionKind, RateLimit } from '../types/index.js';

export const DEFAULT_RATE_LIMITS: Partial<Record<ActionKind, RateLimit>> = {
  shell_command: { perMinute: 30 },
  network: { perMinute: 30 },
  file_write: { perMinute: 20 },
};

interface Bucket {
  tokens: number;
  updated: number;
}

/** A bucket of `capacity` tokens refilled evenly over `windowMs`. */
class TokenBucket {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until a token is free (0 = free now). Does not take. */
  waitMs(key: string, now: number): number {
    const bucket = this.refill(key, now);
    if (bucket.tokens >= 1) return 0;
    return Math.ceil(((1 - bucket.tokens) * this.windowMs) / this.capacity);
  }

  take(key: string, now: number): void {
    const bucket = this.refill(key, now);
    bucket.tokens -= 1;
  }

  private refill(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.capacity, updated: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    const rate = this.capacity / this.windowMs;
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.updated) * rate);
    bucket.updated = now;
    return bucket;
  }
}

export type RateLimitConfig = false | Record<string, RateLimit | false>;

export interface RateCheck {
  ok: boolean;
  /** When refused: how long to wait, and the limit that refused. */
  waitMs?: number;
  limit?: string;
}

/**
 * Limits by tool name: the runtime's configuration for the tool, else the tool's own `rateLimit`, else the
 * action kind's default. Buckets are per tool, shared by every turn of the runtime.
 */
export class RateLimiter {
  private readonly minute = new Map<number, TokenBucket>();
  private readonly hour = new Map<number, TokenBucket>();

  constructor(
    private readonly config: RateLimitConfig = {},
    private readonly clock: () => number = Date.now,
  ) {}

  /** Take a token for one call, or say how long to wait. */
  take(tool: string, action: ActionKind, own?: RateLimit): RateCheck {
    const limit = this.limitFor(tool, action, own);
    if (!limit) return { ok: true };
    const now = this.clock();
    const checks: Array<[TokenBucket, string]> = [];
    if (limit.perMinute)
      checks.push([this.bucket(this.minute, limit.perMinute, 60_000), `${limit.perMinute} per minute`]);
    if (limit.perHour)
      checks.push([this.bucket(this.hour, limit.perHour, 3_600_000), `${limit.perHour} per hour`]);
    for (const [bucket, label] of checks) {
      const waitMs = bucket.waitMs(tool, now);
      if (waitMs > 0) return { ok: false, waitMs, limit: label };
    }
    for (const [bucket] of checks) bucket.take(tool, now);
    return { ok: true };
  }

  private limitFor(tool: string, action: ActionKind, own?: RateLimit): RateLimit | undefined {
    if (this.config === false) return undefined;
    const configured = this.config[tool];
    if (configured === false) return undefined;
    const limit = configured ?? own ?? DEFAULT_RATE_LIMITS[action];
    if (!limit || (!limit.perMinute && !limit.perHour)) return undefined;
    return limit;
  }

  private bucket(map: Map<number, TokenBucket>, capacity: number, windowMs: number): TokenBucket {
    let bucket = map.get(capacity);
    if (!bucket) {
      bucket = new TokenBucket(capacity, windowMs);
      map.set(capacity, bucket);
    }
    return bucket;
  }
}
