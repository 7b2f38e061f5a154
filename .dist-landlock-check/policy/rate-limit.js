export const DEFAULT_RATE_LIMITS = {
    shell_command: { perMinute: 30 },
    network: { perMinute: 30 },
    file_write: { perMinute: 20 },
};
/** A bucket of `capacity` tokens refilled evenly over `windowMs`. */
class TokenBucket {
    capacity;
    windowMs;
    buckets = new Map();
    constructor(capacity, windowMs) {
        this.capacity = capacity;
        this.windowMs = windowMs;
    }
    /** Milliseconds until a token is free (0 = free now). Does not take. */
    waitMs(key, now) {
        const bucket = this.refill(key, now);
        if (bucket.tokens >= 1)
            return 0;
        return Math.ceil(((1 - bucket.tokens) * this.windowMs) / this.capacity);
    }
    take(key, now) {
        const bucket = this.refill(key, now);
        bucket.tokens -= 1;
    }
    refill(key, now) {
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
/**
 * Limits by tool name: the runtime's configuration for the tool, else the tool's own `rateLimit`, else the
 * action kind's default. Buckets are per tool, shared by every turn of the runtime.
 */
export class RateLimiter {
    config;
    clock;
    minute = new Map();
    hour = new Map();
    constructor(config = {}, clock = Date.now) {
        this.config = config;
        this.clock = clock;
        // A limit below one call per window would never refill a whole token; a negative one would never refuse.
        if (config === false)
            return;
        const problems = [];
        for (const [tool, limit] of Object.entries(config ?? {})) {
            if (limit === false)
                continue;
            if (typeof limit !== 'object' || limit === null) {
                problems.push(`${tool} must be { perMinute?, perHour? } or false`);
                continue;
            }
            for (const key of ['perMinute', 'perHour']) {
                const value = limit[key];
                if (value !== undefined && !validLimit(value))
                    problems.push(`${tool}.${key} must be a whole number of calls, at least 1 (got ${String(value)})`);
            }
        }
        if (problems.length > 0)
            throw new RangeError(`Invalid handrail rateLimits: ${problems.join('; ')}.`);
    }
    /** Whether a call could take a token now, without taking it (so a human is not asked for a call that cannot run). */
    peek(tool, action, own) {
        return this.take(tool, action, own, false);
    }
    /** Take a token for one call, or say how long to wait. */
    take(tool, action, own, spend = true) {
        const limit = this.limitFor(tool, action, own);
        if (!limit)
            return { ok: true };
        const now = this.clock();
        const checks = [];
        if (limit.perMinute)
            checks.push([this.bucket(this.minute, limit.perMinute, 60_000), `${limit.perMinute} per minute`]);
        if (limit.perHour)
            checks.push([this.bucket(this.hour, limit.perHour, 3_600_000), `${limit.perHour} per hour`]);
        for (const [bucket, label] of checks) {
            const waitMs = bucket.waitMs(tool, now);
            if (waitMs > 0)
                return { ok: false, waitMs, limit: label };
        }
        if (spend)
            for (const [bucket] of checks)
                bucket.take(tool, now);
        return { ok: true };
    }
    limitFor(tool, action, own) {
        if (this.config === false)
            return undefined;
        // Own keys only: a tool named `constructor` or `toString` must not find Object.prototype's members.
        const configured = Object.hasOwn(this.config, tool) ? this.config[tool] : undefined;
        if (configured === false)
            return undefined;
        // A tool's own limit that makes no sense falls back to its kind's default rather than to no limit.
        const usable = own && [own.perMinute, own.perHour].every((v) => v === undefined || validLimit(v));
        const limit = configured ?? (usable ? own : undefined) ?? DEFAULT_RATE_LIMITS[action];
        if (!limit || (!limit.perMinute && !limit.perHour))
            return undefined;
        return limit;
    }
    bucket(map, capacity, windowMs) {
        let bucket = map.get(capacity);
        if (!bucket) {
            bucket = new TokenBucket(capacity, windowMs);
            map.set(capacity, bucket);
        }
        return bucket;
    }
}
function validLimit(value) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}
//# sourceMappingURL=rate-limit.js.map