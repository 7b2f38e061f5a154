import type { ErrorClass, OutcomeStatus, ToolOutcome, ToolResult } from '../types/index.js';
/**
 * Throw from a tool's `execute` to fail with a specific error class and hint, e.g.
 * `throw new ToolError('not_found', 'File src/auth.ts not found — the directory has auth.old.ts')`.
 */
export declare class ToolError extends Error {
    readonly errorClass: ErrorClass;
    readonly hint?: string;
    readonly status?: OutcomeStatus;
    readonly details?: Record<string, unknown>;
    constructor(errorClass: ErrorClass, message: string, opts?: {
        hint?: string;
        status?: OutcomeStatus;
        details?: Record<string, unknown>;
        cause?: unknown;
    });
}
/** Thrown at registration (a programmer's mistake, not a model's): bad name, bad schema, duplicate. */
export declare class ToolRegistrationError extends Error {
    readonly problems: string[];
    constructor(toolName: string, problems: string[]);
}
/** The default outcome for an error class; an unknown class becomes `tool_error`. */
export declare function outcomeFor(errorClass: ErrorClass, override?: Partial<ToolOutcome>): ToolOutcome;
/** Whether a value names a known error class. */
export declare function isErrorClass(value: unknown): value is ErrorClass;
/** An error result with one text part. */
export declare function errorResult(call: {
    id: string;
    name: string;
}, errorClass: ErrorClass, message: string, opts?: {
    hint?: string;
    status?: OutcomeStatus;
    details?: Record<string, unknown>;
}): ToolResult;
/** Classify an error thrown by a tool: ToolError keeps its class; Node errors map by code. */
export declare function classifyThrown(error: unknown): {
    errorClass: ErrorClass;
    message: string;
    hint?: string;
    status?: OutcomeStatus;
    details?: Record<string, unknown>;
};
/** The message of anything thrown, for sentences the model reads (never itself throws). */
export declare function errorMessage(error: unknown): string;
