// Line arithmetic on a whole text without splitting it: the exact pass and diff rendering only look at
// the few lines around each change, so a 10 MB file never becomes a 250,000-element array.
/** Number of '\n' in text[from, to). */
export function countNewlines(text, from, to) {
    let count = 0;
    let at = text.indexOf('\n', from);
    while (at !== -1 && at < to) {
        count++;
        at = text.indexOf('\n', at + 1);
    }
    return count;
}
/** Offset of the start of the line `back` lines above the line containing `offset` (0 = its own line). */
export function lineStartBefore(text, offset, back) {
    let start = offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
    for (let i = 0; i < back && start > 0; i++)
        start = start >= 2 ? text.lastIndexOf('\n', start - 2) + 1 : 0;
    return start;
}
/**
 * Offset just past the end (newline included) of the line `forward` lines below the line containing
 * `offset` - 1, i.e. the line where a span ending at `offset` ends.
 */
export function lineEndAfter(text, offset, forward) {
    let end = offset > 0 && text[offset - 1] === '\n' ? offset : nextLineEnd(text, offset);
    for (let i = 0; i < forward && end < text.length; i++)
        end = nextLineEnd(text, end);
    return end;
}
function nextLineEnd(text, from) {
    const nl = text.indexOf('\n', from);
    return nl === -1 ? text.length : nl + 1;
}
/** Lines of a text with their start offsets, for the line-by-line passes (built only when needed). */
export class SplitLines {
    lines;
    starts;
    constructor(text) {
        this.lines = text.split('\n');
        this.starts = new Float64Array(this.lines.length + 1);
        let at = 0;
        for (let i = 0; i < this.lines.length; i++) {
            this.starts[i] = at;
            at += this.lines[i].length + 1;
        }
        this.starts[this.lines.length] = at;
    }
    /** 0-based index of the line containing `offset`. */
    lineOf(offset) {
        let lo = 0;
        let hi = this.lines.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.starts[mid] <= offset)
                lo = mid;
            else
                hi = mid - 1;
        }
        return lo;
    }
}
//# sourceMappingURL=lines.js.map