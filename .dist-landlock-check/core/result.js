// A call's ToolResult, from what the tool handed back to what the timeline records: the tool's return value
// normalized into a result, the pipeline's facts added beside the tool's details, and the views that events
// carry. What the model may see of the content (the bound) is the projection, in projection.ts.
import { buildEvidence } from '../output/index.js';
import { outcomeFor } from './errors.js';
const NO_OUTPUT = '(no output)';
/** Preview of raw arguments for the started event: objects by reference, long strings cut. */
const EVENT_ARGUMENT_PREVIEW = 4096;
/** Turn whatever a tool returned into a ToolResult (before hooks and projection). */
export function resultFromReturn(call, value) {
    if (typeof value === 'string' || Array.isArray(value)) {
        return {
            callId: call.id,
            name: call.name,
            isError: false,
            content: toContent(value),
            outcome: { status: 'ok' },
        };
    }
    if (value && typeof value === 'object' && 'content' in value) {
        const ret = value;
        const isError = ret.isError === true;
        const result = {
            callId: call.id,
            name: call.name,
            isError,
            content: toContent(ret.content),
            outcome: outcomeOf(isError, ret.outcome),
        };
        if (ret.details !== undefined)
            result.details = ret.details;
        if (ret.terminate)
            result.terminate = true;
        return result;
    }
    // undefined, numbers, plain objects: say what came back rather than dropping it.
    const text = value === undefined || value === null ? NO_OUTPUT : safeJson(value);
    return {
        callId: call.id,
        name: call.name,
        isError: false,
        content: toContent(text),
        outcome: { status: 'ok' },
    };
}
/** The outcome of a result whose isError flag is known, keeping what the tool said about it. */
export function outcomeOf(isError, given) {
    if (!isError) {
        const outcome = { status: given?.status === 'partial' ? 'partial' : 'ok' };
        if (typeof given?.hint === 'string' && given.hint)
            outcome.hint = given.hint;
        return outcome;
    }
    return outcomeFor(given?.errorClass ?? 'tool_error', given);
}
/** Normalize content: strings become a text part, malformed parts are rendered as text, never dropped. */
export function toContent(value) {
    if (typeof value === 'string')
        return [{ type: 'text', text: value === '' ? NO_OUTPUT : value }];
    if (!Array.isArray(value))
        return [{ type: 'text', text: safeJson(value) }];
    const parts = [];
    for (const part of value) {
        if (part && typeof part === 'object') {
            const p = part;
            if (p.type === 'text' && typeof p.text === 'string') {
                parts.push(p);
                continue;
            }
            if (p.type === 'image' && typeof p.data === 'string' && typeof p.mimeType === 'string') {
                parts.push(p);
                continue;
            }
        }
        parts.push({ type: 'text', text: typeof part === 'string' ? part : safeJson(part) });
    }
    if (parts.length === 0)
        parts.push({ type: 'text', text: NO_OUTPUT });
    return parts;
}
/** A progress update as events and callers receive it. */
export function normalizeUpdate(update) {
    if (typeof update === 'string')
        return { content: [{ type: 'text', text: update }] };
    const out = {};
    if (update && typeof update === 'object') {
        if (update.content !== undefined)
            out.content = toContent(update.content);
        if (update.details !== undefined)
            out.details = update.details;
    }
    return out;
}
/** Pipeline facts go beside the tool's own details: repairs, projection and recovery evidence. */
export function attachDetails(result, repairs, projection) {
    if (repairs.length === 0 && !projection && !result.isError)
        return;
    const own = result.details;
    const details = typeof own === 'object' && own !== null && !Array.isArray(own)
        ? { ...own }
        : own === undefined
            ? {}
            : { value: own };
    if (repairs.length > 0)
        details.repairs = repairs;
    if (projection)
        details.projection = projection;
    if (result.isError)
        details.evidence = evidenceFor(result);
    result.details = details;
}
/** Recovery evidence for an error result: class, excerpt and a fingerprint that matches repeat failures. */
export function evidenceFor(result) {
    const text = result.content.find((part) => part.type === 'text')?.text ?? '';
    const input = { text };
    if (result.outcome.errorClass)
        input.errorClass = result.outcome.errorClass;
    const exit = result.details?.exitCode;
    if (typeof exit === 'number' || exit === null)
        input.exitStatus = exit;
    return buildEvidence(input);
}
/** The timeline's view of a result: what the completed event carries. */
export function timelineView(result, durationMs, repairs, projection) {
    const first = result.content.find((part) => part.type === 'text');
    const view = {
        name: result.name,
        status: result.outcome.status,
        isError: result.isError,
        durationMs: Math.round(durationMs * 1000) / 1000,
        preview: first?.type === 'text' ? first.text.slice(0, 500) : '',
    };
    if (result.outcome.errorClass)
        view.errorClass = result.outcome.errorClass;
    if (repairs.length > 0)
        view.repairs = repairs.length;
    if (projection)
        view.projection = projection;
    if (result.isError && result.details)
        view.evidence = result.details.evidence;
    if (result.terminate)
        view.terminate = true;
    return view;
}
/** The raw arguments as the started event carries them. */
export function previewArguments(raw) {
    // Serialized now, so the timeline keeps what was asked even if the tool later mutates its arguments, and
    // bounded, so a subscriber that falls behind holds kilobytes per event rather than megabytes.
    let text;
    if (typeof raw === 'string')
        text = raw;
    else if (raw !== undefined) {
        try {
            text = JSON.stringify(raw);
        }
        catch {
            text = '(arguments that cannot be serialized)';
        }
    }
    if (text !== undefined && text.length > EVENT_ARGUMENT_PREVIEW) {
        return `${text.slice(0, EVENT_ARGUMENT_PREVIEW)}… (${text.length} characters)`;
    }
    return text;
}
function safeJson(value) {
    try {
        return JSON.stringify(value, null, 2) ?? String(value);
    }
    catch {
        return String(value);
    }
}
//# sourceMappingURL=result.js.map