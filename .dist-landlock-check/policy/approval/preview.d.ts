import type { PermissionIntent } from '../../types/index.js';
export declare function buildPreview(intent: PermissionIntent, args: Record<string, unknown>): string;
/**
 * Control characters (ANSI escapes, bells, carriage returns) shown as `\xNN`, and invisible or reordering
 * format characters (zero-width, bidi overrides) as `\uNNNN`, so they can neither drive a terminal nor make
 * the text a human approves look different from what runs.
 */
export declare function escapeControls(value: string): string;
