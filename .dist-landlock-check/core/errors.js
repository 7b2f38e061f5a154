/**
 * Throw from a tool's `execute` to fail with a specific error class and hint, e.g.
 * `throw new ToolError('not_found', 'File src/auth.ts not found — the directory has auth.old.ts')`.
 */
export class ToolError extends Error {
    errorClass;
    hint;
    status;
    details;
    constructor(errorClass, message, opts = {}) {
        super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
        this.name = 'ToolError';
        this.errorClass = errorClass;
        if (opts.hint !== undefined)
            this.hint = opts.hint;
        if (opts.status !== undefined)
            this.status = opts.status;
        if (opts.details !== undefined)
            this.details = opts.details;
    }
}
/** Thrown at registration (a programmer's mistake, not a model's): bad name, bad schema, duplicate. */
export class ToolRegistrationError extends Error {
    problems;
    constructor(toolName, problems) {
        super(`Cannot register tool "${toolName}": ${problems.join('; ')}`);
        this.name = 'ToolRegistrationError';
        this.problems = problems;
    }
}
/**
 * Whether an error class is worth retrying and what to tell the agent. A retry may succeed after the model
 * changes something (arguments, approach); `fatal` means retrying the same thing cannot help.
 */
const DEFAULT_OUTCOMES = {
    unknown_tool: { status: 'recoverable', hint: 'Call one of the available tools by its exact name.' },
    not_visible: { status: 'recoverable', hint: 'Reveal the tool with request_tools, then call it.' },
    invalid_arguments: { status: 'recoverable', hint: 'Fix the listed arguments and call the tool again.' },
    blocked: { status: 'recoverable', hint: 'Do not repeat this call unchanged; follow the reason given.' },
    permission_denied: {
        status: 'recoverable',
        hint: 'This action is not permitted; do not repeat it. Choose an allowed approach or ask the user.',
    },
    approval_denied: {
        status: 'recoverable',
        hint: 'The user declined this action; do not repeat it. Adjust the plan using their feedback.',
    },
    rate_limited: { status: 'recoverable', hint: 'Wait before calling this tool again, or batch the work.' },
    timeout: { status: 'recoverable', hint: 'Narrow the work or allow more time, then try again.' },
    cancelled: { status: 'fatal', hint: 'The call was cancelled; do not retry it unless asked.' },
    not_found: { status: 'recoverable', hint: 'Check the name or path against what exists, then retry.' },
    conflict: { status: 'recoverable', hint: 'Re-read the current state, then retry against it.' },
    io_error: {
        status: 'recoverable',
        hint: 'The operation failed on the system; check the message and retry.',
    },
    network_error: {
        status: 'recoverable',
        hint: 'The network request failed; retry later or use another source.',
    },
    sandbox_violation: {
        status: 'recoverable',
        hint: 'The sandbox does not allow this; stay inside the allowed paths and hosts.',
    },
    tool_error: { status: 'recoverable', hint: 'Read the error, correct the call and try again.' },
    internal: { status: 'fatal', hint: 'handrail failed internally; report this to the user.' },
};
/** The default outcome for an error class; an unknown class becomes `tool_error`. */
export function outcomeFor(errorClass, override) {
    const known = Object.hasOwn(DEFAULT_OUTCOMES, errorClass) ? errorClass : 'tool_error';
    const base = DEFAULT_OUTCOMES[known];
    // An error is never `ok` or `partial`, whatever a tool or hook claims.
    const status = override?.status === 'recoverable' || override?.status === 'fatal' ? override.status : base.status;
    return { status, errorClass: known, hint: typeof override?.hint === 'string' ? override.hint : base.hint };
}
/** Whether a value names a known error class. */
export function isErrorClass(value) {
    return typeof value === 'string' && Object.hasOwn(DEFAULT_OUTCOMES, value);
}
/** An error result with one text part. */
export function errorResult(call, errorClass, message, opts = {}) {
    const result = {
        callId: call.id,
        name: call.name,
        isError: true,
        content: [{ type: 'text', text: message }],
        outcome: outcomeFor(errorClass, opts),
    };
    if (opts.details)
        result.details = opts.details;
    return result;
}
const NODE_ERROR_CLASSES = {
    ENOENT: 'not_found',
    EHANDRAILRACE: 'conflict',
    EHANDRAILPERM: 'permission_denied',
    EFBIG: 'io_error',
    ELOOP: 'io_error',
    ENOTDIR: 'not_found',
    EISDIR: 'io_error',
    EACCES: 'permission_denied',
    EPERM: 'permission_denied',
    EEXIST: 'conflict',
    EBUSY: 'conflict',
    ENOSPC: 'io_error',
    EMFILE: 'io_error',
    EIO: 'io_error',
    ETIMEDOUT: 'timeout',
    ECONNREFUSED: 'network_error',
    ECONNRESET: 'network_error',
    ENOTFOUND: 'network_error',
    EAI_AGAIN: 'network_error',
    EHOSTUNREACH: 'network_error',
    ENETUNREACH: 'network_error',
};
/** Classify an error thrown by a tool: ToolError keeps its class; Node errors map by code. */
export function classifyThrown(error) {
    if (error instanceof ToolError) {
        const out = { errorClass: error.errorClass, message: error.message };
        if (error.hint !== undefined)
            out.hint = error.hint;
        if (error.status !== undefined)
            out.status = error.status;
        if (error.details !== undefined)
            out.details = error.details;
        return out;
    }
    if (error instanceof Error) {
        const code = error.code;
        const errorClass = (code && NODE_ERROR_CLASSES[code]) || 'tool_error';
        return { errorClass, message: error.message || error.name || 'Error' };
    }
    return { errorClass: 'tool_error', message: typeof error === 'string' ? error : safeString(error) };
}
function safeString(value) {
    try {
        return JSON.stringify(value) ?? String(value);
    }
    catch {
        return String(value);
    }
}
/** The message of anything thrown, for sentences the model reads (never itself throws). */
export function errorMessage(error) {
    if (error instanceof Error)
        return error.message || error.name;
    try {
        return typeof error === 'string' ? error : String(error);
    }
    catch {
        return 'unknown error';
    }
}
//# sourceMappingURL=errors.js.map