// Recovery evidence: a short excerpt for the agent and a fingerprint that spots the same failure again.
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { stripTerminalControls } from './sanitize.js';
const EXCERPT_MAX = 500;
const EXCERPT_HEAD = 200;
const JOINER = ' … ';
const EXCERPT_TAIL = EXCERPT_MAX - EXCERPT_HEAD - JOINER.length;
// Only the ends of a long output are read: errors live there, and this bounds the work on huge text.
const SAMPLE_HEAD_LINES = 50;
const SAMPLE_TAIL_LINES = 150;
const SAMPLE_MAX_CHARS = 64 * 1024;
/** Builds recovery evidence: a ≤ 500-character excerpt and a 16-hex fingerprint stable across reruns. */
export function buildEvidence(input) {
    const { head, tail, gap } = sample(input.text);
    const cleanHead = stripTerminalControls(head);
    const cleanTail = stripTerminalControls(tail);
    const evidence = {
        excerpt: excerpt(cleanHead, cleanTail, gap),
        fingerprint: createHash('sha256')
            .update(`${input.errorClass ?? ''}\n${normalize(cleanHead)}\n${normalize(cleanTail)}`)
            .digest('hex')
            .slice(0, 16),
    };
    if (input.errorClass !== undefined)
        evidence.errorClass = input.errorClass;
    if (input.exitStatus !== undefined)
        evidence.exitStatus = input.exitStatus;
    return evidence;
}
/** The first and last lines of `text` (each end capped in characters); `gap` says whether any were skipped. */
function sample(text) {
    let headEnd = 0;
    for (let n = 0; n < SAMPLE_HEAD_LINES && headEnd < text.length; n++) {
        const nl = text.indexOf('\n', headEnd);
        headEnd = nl === -1 ? text.length : nl + 1;
    }
    headEnd = Math.min(headEnd, SAMPLE_MAX_CHARS);
    // A final newline ends the last line; count tail lines from the one before it.
    let tailStart = text.length;
    let from = text.endsWith('\n') ? text.length - 2 : text.length - 1;
    for (let n = 0; n < SAMPLE_TAIL_LINES && tailStart > headEnd; n++) {
        const nl = from < 0 ? -1 : text.lastIndexOf('\n', from);
        tailStart = nl + 1;
        from = nl - 1;
    }
    tailStart = Math.max(tailStart, text.length - SAMPLE_MAX_CHARS, headEnd);
    // Never start or end a sample inside a surrogate pair.
    if (isLow(text.charCodeAt(headEnd)) && headEnd > 0 && isHigh(text.charCodeAt(headEnd - 1)))
        headEnd--;
    if (tailStart > headEnd && isLow(text.charCodeAt(tailStart)) && isHigh(text.charCodeAt(tailStart - 1))) {
        tailStart++;
    }
    return { head: text.slice(0, headEnd), tail: text.slice(tailStart), gap: tailStart > headEnd };
}
function excerpt(head, tail, gap) {
    const whole = gap ? '' : `${head}${tail}`.trim();
    if (!gap && whole.length <= EXCERPT_MAX)
        return whole;
    const start = gap ? head.trimStart() : whole;
    const end = gap ? tail.trimEnd() : whole;
    return `${takeStart(start, EXCERPT_HEAD).trimEnd()}${JOINER}${takeEnd(end, EXCERPT_TAIL).trimStart()}`;
}
function takeStart(s, n) {
    if (s.length <= n)
        return s;
    return s.slice(0, isHigh(s.charCodeAt(n - 1)) ? n - 1 : n);
}
function takeEnd(s, n) {
    if (s.length <= n)
        return s;
    const from = s.length - n;
    return s.slice(isLow(s.charCodeAt(from)) ? from + 1 : from);
}
const TEMP_ROOTS = [...new Set([tmpdir(), '/tmp', '/var/tmp', '/private/tmp', '/var/folders', '/dev/shm'])]
    .filter((root) => root.length > 1)
    .map((root) => root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .sort((a, b) => b.length - a.length);
// Ordered: the specific patterns first so numbers inside them do not leave placeholders behind.
const VOLATILE = [
    [new RegExp(`(?:${TEMP_ROOTS.join('|')})(?:/[^\\s'"\`:;,()<>\\[\\]{}]*)?(?![\\w.-])`, 'g'), '<tmp>'],
    [/[A-Za-z]:\\[^\s'"]*?\\Temp\\[^\s'"`:;,()<>[\]{}]*/gi, '<tmp>'],
    [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
    [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
    [/\b0x[0-9a-f]+\b/gi, '<hex>'],
    [/\b(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>'],
    [/\d+(?:\.\d+)?/g, '<n>'],
    [/\s+/g, ' '],
];
/** Replaces what differs between two runs of the same failure: paths in temp dirs, ids, times, numbers. */
function normalize(text) {
    let out = text;
    for (const [pattern, placeholder] of VOLATILE)
        out = out.replace(pattern, placeholder);
    return out.trim();
}
function isHigh(c) {
    return c >= 0xd800 && c <= 0xdbff;
}
function isLow(c) {
    return c >= 0xdc00 && c <= 0xdfff;
}
//# sourceMappingURL=evidence.js.map