import type { ActionKind, RateLimit } from '../types/index.js';
export declare const DEFAULT_RATE_LIMITS: Partial<Record<ActionKind, RateLimit>>;
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
export declare class RateLimiter {
    private readonly config;
    private readonly clock;
    private readonly minute;
    private readonly hour;
    constructor(config?: RateLimitConfig, clock?: () => number);
    /** Whether a call could take a token now, without taking it (so a human is not asked for a call that cannot run). */
    peek(tool: string, action: ActionKind, own?: RateLimit): RateCheck;
    /** Take a token for one call, or say how long to wait. */
    take(tool: string, action: ActionKind, own?: RateLimit, spend?: boolean): RateCheck;
    private limitFor;
    private bucket;
}
