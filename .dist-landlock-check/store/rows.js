/** Largest payload kept verbatim; bigger ones keep a head and their size (the full output lives elsewhere). */
export const DEFAULT_MAX_PAYLOAD_BYTES = 256 * 1024;
/** Cap for short text columns (summary, rule, feedback): they are for reading, not for evidence. */
const MAX_FIELD = 4096;
export function toRow(event, session, maxPayloadBytes) {
    const payload = isObject(event?.payload) ? event.payload : {};
    const row = {
        session,
        seq: Number.isSafeInteger(event?.seq) ? event.seq : 0,
        ts: Number.isFinite(event?.ts) ? Math.floor(event.ts) : Date.now(),
        type: typeof event?.type === 'string' ? event.type : 'unknown',
        threadId: idOf(event?.threadId),
        turnId: idOf(event?.turnId),
        callId: event?.callId === undefined || event.callId === null ? null : idOf(event.callId),
        payload: serialize(event?.payload ?? {}, maxPayloadBytes),
    };
    switch (row.type) {
        case 'turn/started':
            row.turnStarted = true;
            break;
        case 'turn/ended':
            row.turnEnded = { calls: Number.isSafeInteger(payload.calls) ? payload.calls : null };
            break;
        case 'tool/call/completed': {
            const projection = payload.projection;
            if (isObject(projection) && typeof projection.fullOutput === 'string') {
                const bytes = projection.totalBytes;
                row.output = {
                    path: projection.fullOutput,
                    bytes: Number.isSafeInteger(bytes) ? bytes : 0,
                };
            }
            break;
        }
        case 'turn/permission/request/opened':
            row.approvalOpened = approvalFields(payload);
            if (!row.approvalOpened.requestId)
                delete row.approvalOpened;
            break;
        case 'turn/permission/request/resolved':
            row.approvalResolved = approvalFields(payload);
            if (!row.approvalResolved.requestId)
                delete row.approvalResolved;
            break;
    }
    return row;
}
function approvalFields(p) {
    return {
        requestId: text(p.requestId) ?? '',
        requestKey: text(p.requestKey),
        tool: text(p.tool),
        action: text(p.action),
        summary: text(p.summary),
        rule: ruleText(p.matchedRule ?? p.rule),
        suggestedRule: ruleText(p.suggestedRule),
        decision: text(p.decision),
        decidedBy: text(p.decidedBy),
        feedback: text(p.feedback),
        durationMs: typeof p.durationMs === 'number' && Number.isFinite(p.durationMs) ? p.durationMs : null,
    };
}
/** A rule may be a `Tool(specifier)` string or a structured rule object: both become one text column. */
function ruleText(value) {
    if (value === undefined || value === null)
        return null;
    if (typeof value === 'string')
        return value.slice(0, MAX_FIELD);
    const json = serialize(value, MAX_FIELD);
    return json.length > MAX_FIELD ? json.slice(0, MAX_FIELD) : json;
}
function text(value) {
    if (typeof value === 'string')
        return value.length > MAX_FIELD ? `${value.slice(0, MAX_FIELD)}…` : value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return null;
}
function idOf(value) {
    if (typeof value === 'string')
        return value.slice(0, 512);
    if (value === undefined || value === null)
        return '';
    return String(value).slice(0, 512);
}
/**
 * JSON that never throws: BigInts become strings, cycles and throwing getters leave a note, and a payload
 * past the cap keeps its head as a string so the row stays bounded.
 */
export function serialize(value, maxBytes) {
    let json;
    try {
        // A replacer slows every stringify several times over: only BigInt payloads pay for it.
        json = JSON.stringify(value) ?? 'null';
    }
    catch (error) {
        try {
            json = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
        }
        catch {
            return JSON.stringify({ unserializable: String(error?.message ?? error).slice(0, 200) });
        }
    }
    // Length in UTF-16 units is at most the UTF-8 byte length; only measure bytes when it could matter.
    if (json.length * 3 <= maxBytes || Buffer.byteLength(json) <= maxBytes)
        return json;
    return JSON.stringify({
        truncated: true,
        bytes: Buffer.byteLength(json),
        head: json.slice(0, Math.floor(maxBytes / 4)),
    });
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
//# sourceMappingURL=rows.js.map