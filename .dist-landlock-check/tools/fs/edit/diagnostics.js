import { distance } from 'fastest-levenshtein';
import { countNewlines } from './lines.js';
import { MAX_MATCHES } from './matchers.js';
// What the model needs when old_text does not match: where the nearest text is, numbered, and which
// lines differ and how; or, when it matches several places, every place.
/** Line comparisons spent scoring candidate windows, whatever the file size. */
const MAX_COMPARISONS = 100_000;
/** Occurrences of one anchor word followed; a word found more often than this says little. */
const MAX_OCCURRENCES = 2_000;
/** Words of old_text searched for (each a scan of the file). */
const MAX_ANCHOR_WORDS = 24;
/** Anchor occurrences turned into candidate windows. */
const MAX_ANCHOR_HITS = 20_000;
/** Below this average line similarity the "closest" text is not worth showing. */
const MIN_SIMILARITY = 0.4;
const MAX_SHOWN_LINES = 30;
const MAX_DIFFERENCES = 5;
const MAX_LISTED = 20;
const SHOWN_CHARS = 300;
/** `old_text matches 3 places in src/app.ts (lines 10, 42, 97); add surrounding lines ... ` */
export function describeAmbiguous(text, found, display, note) {
    const places = [];
    let line = 1;
    let at = 0;
    for (const match of found.slice(0, MAX_LISTED)) {
        line += countNewlines(text, at, match.start);
        at = match.start;
        const last = line + countNewlines(text, match.start, Math.max(match.start, match.end - 1));
        places.push(last > line ? `${line}-${last}` : `${line}`);
    }
    const more = found.length > MAX_LISTED ? `, and ${found.length - MAX_LISTED} more` : '';
    const count = found.length > MAX_MATCHES ? `more than ${MAX_MATCHES}` : String(found.length);
    return (`old_text matches ${count} places in ${display}${note ? ` (${note})` : ''} (lines ${places.join(', ')}${more}); ` +
        'add surrounding lines to make it unique, or set replace_all to change every one.');
}
/** The not-found message: the closest candidate with line numbers and what differs. */
export function describeNotFound(source, needle, display) {
    const needleLines = needle.split('\n');
    const withNewline = needleLines.length > 1 && needleLines.at(-1) === '';
    if (withNewline)
        needleLines.pop();
    const head = `old_text was not found in ${display}.`;
    const advice = `${numberedHint(needleLines)}Copy old_text exactly from the current file (read it again if unsure), then retry.`;
    if (source.text.trim() === '') {
        return `${head} The file is empty${source.text === '' ? '' : ' apart from whitespace'}; use write_file to give it content.`;
    }
    const { lines } = source.lines;
    const best = closestWindow(source, needleLines);
    if (!best || best.score < MIN_SIMILARITY) {
        return `${head} Nothing in it closely resembles old_text (its first line is ${quote(needleLines[0])}). ${advice}`;
    }
    const k = needleLines.length;
    const first = best.start + 1;
    const last = Math.min(best.start + k, lines.length);
    const out = [
        `${head} The closest text is at ${first === last ? `line ${first}` : `lines ${first}-${last}`}:`,
    ];
    for (let i = best.start; i < last && i < best.start + MAX_SHOWN_LINES; i++) {
        out.push(`${String(i + 1).padStart(6)}\t${clip(lines[i], SHOWN_CHARS)}`);
    }
    if (last - best.start > MAX_SHOWN_LINES)
        out.push(`   ... (${last - best.start - MAX_SHOWN_LINES} more lines)`);
    const differences = [];
    let differing = 0;
    for (let j = 0; j < k; j++) {
        const expected = needleLines[j];
        const actual = lines[best.start + j];
        if (actual === expected)
            continue;
        differing++;
        if (differences.length >= MAX_DIFFERENCES)
            continue;
        differences.push(actual === undefined
            ? `line ${best.start + j + 1}: expected ${quote(expected)}, but the file ends at line ${lines.length}`
            : `line ${best.start + j + 1} differs: ${describeLine(expected, actual)}`);
    }
    if (differing > MAX_DIFFERENCES)
        differences.push(`(${differing - MAX_DIFFERENCES} more lines differ)`);
    if (differing === 0 && withNewline) {
        differences.push(`old_text ends with a newline, but line ${last} is the last line of the file and has none.`);
    }
    out.push(...differences, advice);
    return out.join('\n');
}
/**
 * The window of old_text's length most like it. Candidate windows come from anchors: the longest words of
 * old_text, found with indexOf over the whole text (fast on a 10 MB file), rarest first, each voting for
 * the window its line would start. Small files are also scanned window by window. Every step is bounded:
 * MAX_ANCHOR_WORDS scans, MAX_ANCHOR_HITS votes, MAX_COMPARISONS line comparisons.
 */
function closestWindow(source, needleLines) {
    const split = source.lines;
    const k = needleLines.length;
    const anchors = [];
    for (const { word, j } of anchorWords(needleLines)) {
        const positions = [];
        let at = source.text.indexOf(word);
        while (at !== -1 && positions.length <= MAX_OCCURRENCES) {
            positions.push(at);
            at = source.text.indexOf(word, at + word.length);
        }
        if (positions.length <= MAX_OCCURRENCES)
            anchors.push({ j, positions });
    }
    anchors.sort((a, b) => a.positions.length - b.positions.length);
    const votes = new Map();
    const voted = new Set(); // start * k + j: one vote per old_text line per window
    let hits = 0;
    for (const { j, positions } of anchors) {
        if (hits >= MAX_ANCHOR_HITS)
            break;
        for (const position of positions) {
            hits++;
            const start = Math.max(0, split.lineOf(position) - j);
            if (voted.has(start * k + j))
                continue;
            voted.add(start * k + j);
            votes.set(start, (votes.get(start) ?? 0) + 1);
        }
    }
    const budget = Math.max(1, Math.floor(MAX_COMPARISONS / k));
    let starts = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([start]) => start);
    if (starts.length === 0 && split.lines.length <= budget)
        starts = split.lines.map((_, i) => i);
    let best;
    for (const start of starts.slice(0, budget)) {
        let total = 0;
        for (let j = 0; j < k; j++)
            total += similarity(needleLines[j], split.lines[start + j]);
        const score = total / k;
        if (!best || score > best.score)
            best = { start, score };
    }
    return best;
}
/** The longest words (3+ letters, digits or _) of old_text, each with the first line it is on. */
function anchorWords(needleLines) {
    const words = new Map();
    needleLines.forEach((line, j) => {
        for (const word of line.match(/[\p{L}\p{N}_$]{3,}/gu) ?? [])
            if (!words.has(word))
                words.set(word, j);
    });
    return [...words.entries()]
        .sort((a, b) => b[0].length - a[0].length)
        .slice(0, MAX_ANCHOR_WORDS)
        .map(([word, j]) => ({ word, j }));
}
function similarity(expected, actual) {
    if (actual === undefined)
        return 0;
    const a = expected.trim().slice(0, SHOWN_CHARS);
    const b = actual.trim().slice(0, SHOWN_CHARS);
    if (a === b)
        return 1;
    const longest = Math.max(a.length, b.length);
    return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}
/** `expected "  return a+b;" found "  return a + b;"`, cut around the first difference when long. */
function describeLine(expected, actual) {
    let col = 0;
    while (col < expected.length && col < actual.length && expected[col] === actual[col])
        col++;
    const what = expected.trim() === actual.trim()
        ? ' (only the whitespace at the ends differs)'
        : expected.replace(/\s+/g, '') === actual.replace(/\s+/g, '')
            ? ' (only whitespace differs)'
            : '';
    const from = Math.max(0, col - 60);
    const cut = (s) => (from > 0 ? '…' : '') + clip(s.slice(from), 160);
    return `expected ${quote(cut(expected))} found ${quote(cut(actual))}${what}`;
}
/** A line in quotes with invisible characters spelled out (tabs, non-breaking and other odd spaces). */
function quote(value) {
    const escaped = value
        .replace(/\\/g, '\\\\')
        .replace(/"/g, '\\"')
        .replace(/\t/g, '\\t')
        .replace(/\r/g, '\\r')
        .replace(/[\u0000-\u0008\u000B-\u001F\u007F\u00A0\u1680\u2000-\u200F\u2028-\u202F\u205F-\u2064\u3000\uFEFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return `"${escaped}"`;
}
function clip(value, max) {
    return value.length > max ? `${value.slice(0, max)}…` : value;
}
/** Models sometimes paste read_file's line-number gutter into old_text. */
function numberedHint(needleLines) {
    const content = needleLines.filter((line) => line.trim() !== '');
    const numbered = content.length > 0 && content.every((line) => /^\s*\d+(\t|→|: |\| )/.test(line));
    return numbered
        ? 'old_text seems to start each line with a line number, as read_file shows them; leave the numbers out. '
        : '';
}
//# sourceMappingURL=diagnostics.js.map