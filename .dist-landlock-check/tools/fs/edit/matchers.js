import { SplitLines } from './lines.js';
import { hasLookAlikes, normalizeUnicode } from './normalize.js';
import { reindent } from './reindent.js';
/** How a lenient pass is reported to the model. */
export const PASS_NOTES = {
    trailing_whitespace: 'matched ignoring trailing whitespace',
    indentation: 'matched ignoring indentation',
    unicode: 'matched after normalizing Unicode quotes, dashes and spaces',
};
/** Matches one pass may collect; past this a replace_all is refused (the file is not a sed target). */
export const MAX_MATCHES = 100_000;
/**
 * The text being edited, with the views the lenient passes need built on first use: the exact pass on a
 * large file never splits it into lines or copies it.
 */
export class MatchText {
    text;
    split;
    normalized;
    constructor(text) {
        this.text = text;
    }
    get lines() {
        this.split ??= new SplitLines(this.text);
        return this.split;
    }
    get unicodeNormalized() {
        this.normalized ??= normalizeUnicode(this.text);
        return this.normalized;
    }
    /** Whether the line views were built (diagnostics reuse them rather than splitting again). */
    get hasLines() {
        return this.split !== undefined;
    }
}
/**
 * Every place `needle` matches under `pass`. `disjoint` (replace_all) steps past each match; otherwise
 * overlapping occurrences count too, so `aa` in `aaa` is reported as ambiguous.
 */
export function findMatches(source, pass, needle, newText, disjoint) {
    switch (pass) {
        case 'exact':
            return findExact(source.text, needle, newText, disjoint);
        case 'trailing_whitespace':
            return findLines(source.lines, needle, newText, disjoint, (s) => s.trimEnd(), false);
        case 'indentation':
            return findLines(source.lines, needle, newText, disjoint, (s) => s.trim(), true);
        case 'unicode': {
            if (!hasLookAlikes(needle) && !hasLookAlikes(source.text))
                return [];
            // Same-length normalization: a fragment inside a line maps straight back to the original offsets.
            const fragment = findExact(source.unicodeNormalized, normalizeUnicode(needle), newText, disjoint);
            if (fragment.length > 0)
                return fragment;
            return findLines(source.lines, needle, newText, disjoint, (s) => normalizeUnicode(s).trim(), true);
        }
    }
}
function findExact(text, needle, newText, disjoint) {
    const found = [];
    const step = disjoint ? needle.length : 1;
    let at = text.indexOf(needle);
    while (at !== -1 && found.length <= MAX_MATCHES) {
        found.push({ start: at, end: at + needle.length, text: newText, shifted: false });
        at = text.indexOf(needle, at + step);
    }
    return found;
}
/**
 * Compare whole lines under `key`. A match replaces exactly the matched lines (and the newline after
 * the last one when old_text ends with a newline); every other line is left as it is.
 */
function findLines(split, needle, newText, disjoint, key, shiftIndent) {
    const needleLines = needle.split('\n');
    const withNewline = needleLines.length > 1 && needleLines.at(-1) === '';
    if (withNewline)
        needleLines.pop();
    const keys = needleLines.map(key);
    if (keys.every((k) => k === ''))
        return []; // whitespace alone would match any blank lines
    // Anchor on the most distinctive line: only windows whose anchor line matches are compared in full.
    let anchor = 0;
    for (let j = 1; j < keys.length; j++)
        if (keys[j].length > keys[anchor].length)
            anchor = j;
    const { lines, starts } = split;
    const k = needleLines.length;
    // With a trailing newline, the last matched line must have a newline after it.
    const lastStart = lines.length - k - (withNewline ? 1 : 0);
    const found = [];
    for (let i = 0; i <= lastStart && found.length <= MAX_MATCHES; i++) {
        if (key(lines[i + anchor]) !== keys[anchor])
            continue;
        let same = true;
        for (let j = 0; j < k && same; j++)
            same = j === anchor || key(lines[i + j]) === keys[j];
        if (!same)
            continue;
        const end = starts[i + k - 1] + lines[i + k - 1].length + (withNewline ? 1 : 0);
        const replaced = shiftIndent
            ? reindent(newText, needleLines, lines.slice(i, i + k))
            : { text: newText, shifted: false };
        found.push({ start: starts[i], end, text: replaced.text, shifted: replaced.shifted });
        if (disjoint)
            i += k - 1;
    }
    return found;
}
//# sourceMappingURL=matchers.js.map