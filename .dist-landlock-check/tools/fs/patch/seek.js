/**
 * Finding a chunk's lines in a file, with Codex's four passes of decreasing strictness: exact, ignoring
 * trailing whitespace, ignoring surrounding whitespace, then with Unicode punctuation (dashes, quotes,
 * odd spaces) folded to ASCII. Each pass scans every position before the next, looser pass is tried.
 */
export const PASSES = [
    'exact',
    'trailing whitespace',
    'surrounding whitespace',
    'unicode punctuation',
];
const FOLD = {};
for (const c of '\u2010\u2011\u2012\u2013\u2014\u2015\u2212')
    FOLD[c] = '-';
for (const c of '\u2018\u2019\u201a\u201b')
    FOLD[c] = "'";
for (const c of '\u201c\u201d\u201e\u201f')
    FOLD[c] = '"';
for (const c of '\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000')
    FOLD[c] = ' ';
const FOLDABLE = /[\u2010-\u2015\u2212\u2018-\u201f\u00a0\u2002-\u200a\u202f\u205f\u3000]/g;
/** The loosest form of a line: trimmed, NFC, punctuation and spaces folded to ASCII. */
export function fold(line) {
    return line
        .trim()
        .normalize('NFC')
        .replace(FOLDABLE, (c) => FOLD[c] ?? c);
}
const VIEWS = [(l) => l, (l) => l.trimEnd(), (l) => l.trim(), fold];
/** A file's lines with each pass's view computed once, on first use, and shared by every chunk. */
export class LineIndex {
    lines;
    views = [];
    constructor(lines) {
        this.lines = lines;
    }
    view(pass) {
        if (pass === 0)
            return this.lines;
        let view = this.views[pass];
        if (!view) {
            view = this.lines.map(VIEWS[pass]);
            this.views[pass] = view;
        }
        return view;
    }
    /**
     * The first position at or after `start` where `pattern` occurs. With `atEnd`, the pattern must end the
     * file (trailing blank lines of the file may follow it).
     */
    seek(pattern, start, atEnd = false) {
        const n = this.lines.length;
        const m = pattern.length;
        if (m === 0)
            return { index: Math.min(start, n), pass: 'exact' };
        if (m > n)
            return undefined;
        for (let pass = 0; pass < VIEWS.length; pass++) {
            const view = this.view(pass);
            const want = pass === 0 ? pattern : pattern.map(VIEWS[pass]);
            if (atEnd) {
                for (const index of this.endPositions(m)) {
                    if (index >= start && matchesAt(view, want, index))
                        return { index, pass: PASSES[pass] };
                }
                continue;
            }
            for (let i = view.indexOf(want[0], start); i !== -1 && i <= n - m; i = view.indexOf(want[0], i + 1)) {
                if (matchesAt(view, want, i))
                    return { index: i, pass: PASSES[pass] };
            }
        }
        return undefined;
    }
    /**
     * The first line at or after `start` that contains `text` (loosely): for `@@` context lines that give only
     * part of a line (`@@ function add` for `export function add(a, b) {`). The context only narrows where the
     * chunk's own lines are searched, so this looseness cannot place a change by itself.
     */
    seekContaining(text, start) {
        const want = fold(text);
        if (want.replace(/\s/g, '').length < 3)
            return undefined;
        const view = this.view(3);
        for (let i = start; i < view.length; i++)
            if (view[i].includes(want))
                return i;
        return undefined;
    }
    /** Where a pattern of `m` lines may start to end the file: at the very end, or before trailing blank lines. */
    endPositions(m) {
        const n = this.lines.length;
        let content = n;
        while (content > 0 && this.lines[content - 1].trim() === '')
            content--;
        return content !== n && content - m >= 0 ? [n - m, content - m] : [n - m];
    }
}
function matchesAt(view, want, at) {
    for (let k = 0; k < want.length; k++)
        if (view[at + k] !== want[k])
            return false;
    return true;
}
//# sourceMappingURL=seek.js.map