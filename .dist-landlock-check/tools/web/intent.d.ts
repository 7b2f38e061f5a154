import type { PermissionIntent } from '../../types/index.js';
/** The permission intent of a web call: action `network`, the normalized URL (no credentials), origin, host. */
export declare function networkIntent(operation: string, rawUrl: unknown, summary: (url: string) => string, extra?: Record<string, unknown>): PermissionIntent;
