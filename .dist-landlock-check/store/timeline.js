export function timelineState() {
    return {};
}
const PREVIEW = 160;
/** The lines one event adds to the timeline (a turn header first when the turn changes). */
export function renderEvent(event, state, opts = {}) {
    const lines = [];
    const key = `${event.threadId}\u0000${event.turnId}`;
    if (state.turnKey !== key) {
        state.turnKey = key;
        lines.push('', `── turn ${clean(event.turnId, 80)} · thread ${clean(event.threadId, 80)} · ${day(event.ts)}`);
    }
    const body = describe(event, opts);
    if (body === undefined)
        return lines;
    const call = event.callId === undefined ? '' : `${clean(event.callId, 40)}  `;
    lines.push(`${clock(event.ts)}  ${call}${body}`);
    return lines;
}
function describe(event, opts) {
    const p = event.payload ?? {};
    switch (event.type) {
        case 'turn/started':
            return `turn started${str(p.cwd) ? ` in ${clean(str(p.cwd), 200)}` : ''}`;
        case 'turn/ended':
            return `turn ended · ${num(p.calls) ?? '?'} call${num(p.calls) === 1 ? '' : 's'}`;
        case 'tool/call/started':
            return `→ ${clean(str(p.name) ?? '?', 64)} ${clean(str(p.arguments) ?? '', PREVIEW)}`.trimEnd();
        case 'tool/call/progress':
            return opts.verbose ? `progress ${clean(json(omit(p, 'name')), PREVIEW)}` : undefined;
        case 'tool/call/completed':
            return completed(p);
        case 'turn/permission/decided':
            return decided(p);
        case 'turn/permission/request/opened': {
            const parts = [`approval asked: ${clean(str(p.summary) ?? str(p.tool) ?? '', PREVIEW)}`];
            const rule = ruleText(p.matchedRule);
            if (rule)
                parts.push(`rule ${rule}`);
            const suggested = ruleText(p.suggestedRule);
            if (suggested)
                parts.push(`"always" would add ${suggested}`);
            parts.push(`request ${clean(str(p.requestId) ?? '?', 40)}`);
            return parts.join(' · ');
        }
        case 'turn/permission/request/resolved': {
            const parts = [
                `approval ${clean(str(p.decision) ?? '?', 32)} by ${clean(str(p.decidedBy) ?? '?', 64)}`,
            ];
            const ms = num(p.durationMs);
            if (ms !== undefined)
                parts[0] += ` after ${duration(ms)}`;
            if (str(p.feedback))
                parts.push(`feedback "${clean(str(p.feedback), PREVIEW)}"`);
            return parts.join(' · ');
        }
        case 'tool/visibility/changed': {
            const revealed = Array.isArray(p.revealed)
                ? p.revealed.map((d) => clean(String(d), 40)).join(', ')
                : '';
            return `tools revealed: ${revealed || '(none)'}${str(p.via) ? ` (via ${clean(str(p.via), 40)})` : ''}`;
        }
        default:
            return `${clean(String(event.type), 64)} ${clean(json(p), PREVIEW)}`;
    }
}
function completed(p) {
    const status = clean(str(p.status) ?? (p.isError ? 'error' : 'ok'), 16);
    const parts = [`${p.isError ? '✗' : '✓'} ${status}`];
    if (str(p.errorClass))
        parts.push(clean(str(p.errorClass), 40));
    const ms = num(p.durationMs);
    if (ms !== undefined)
        parts.push(duration(ms));
    const projection = p.projection;
    if (projection && typeof projection === 'object' && projection.truncated) {
        const full = str(projection.fullOutput);
        parts.push(`output cut (${bytes(num(projection.totalBytes) ?? 0)})${full ? `, full: ${clean(full, 200)}` : ''}`);
    }
    if (num(p.repairs))
        parts.push(`${num(p.repairs)} repair${num(p.repairs) === 1 ? '' : 's'}`);
    if (p.isError && str(p.preview))
        parts.push(clean(firstLine(str(p.preview)), PREVIEW));
    return parts.join(' · ');
}
function decided(p) {
    const parts = [`permission ${clean(str(p.behavior) ?? '?', 8)}`];
    if (str(p.action))
        parts[0] += ` (${clean(str(p.action), 32)})`;
    const rule = ruleText(p.rule);
    parts.push(rule ? `rule ${rule}` : 'no rule: mode default');
    if (str(p.layer))
        parts.push(`layer ${clean(str(p.layer), 32)}`);
    if (str(p.mode))
        parts.push(`mode ${clean(str(p.mode), 32)}`);
    if (str(p.cached))
        parts.push(`approved earlier this ${clean(str(p.cached), 16)}`);
    if (str(p.resolution))
        parts.push(`after ${clean(str(p.resolution), 32)}`);
    if (str(p.reason))
        parts.push(clean(str(p.reason), PREVIEW));
    return parts.join(' · ');
}
function ruleText(value) {
    if (value === undefined || value === null || value === '')
        return undefined;
    return clean(typeof value === 'string' ? value : json(value), 120);
}
/**
 * Make untrusted text safe for one terminal line: C0/C1 controls, DEL, bidi overrides and isolates,
 * zero-width and line/paragraph separators become visible escapes; long text is cut with an ellipsis.
 */
export function clean(text, max) {
    const cut = text.length > max ? `${text.slice(0, max)}…` : text;
    return cut.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g, (c) => {
        if (c === '\n')
            return '\\n';
        if (c === '\t')
            return '\\t';
        if (c === '\r')
            return '\\r';
        const code = c.charCodeAt(0);
        return code <= 0xff
            ? `\\x${code.toString(16).padStart(2, '0')}`
            : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}
function str(value) {
    return typeof value === 'string' ? value : undefined;
}
function num(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
function json(value) {
    try {
        return JSON.stringify(value) ?? '';
    }
    catch {
        return '(unserializable)';
    }
}
function omit(p, key) {
    const { [key]: _dropped, ...rest } = p;
    return rest;
}
function firstLine(text) {
    const nl = text.indexOf('\n');
    return nl === -1 ? text : `${text.slice(0, nl)} …`;
}
function duration(ms) {
    if (ms < 1)
        return `${ms.toFixed(2)} ms`;
    if (ms < 1000)
        return `${ms.toFixed(1)} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1)} s`;
    return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
function bytes(n) {
    if (n < 1024)
        return `${n} B`;
    if (n < 1024 * 1024)
        return `${(n / 1024).toFixed(1)} KiB`;
    return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
const pad = (n, width = 2) => String(n).padStart(width, '0');
function clock(ts) {
    const d = new Date(ts);
    return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
function day(ts) {
    const d = new Date(ts);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clock(ts).slice(0, 8)}`;
}
//# sourceMappingURL=timeline.js.map