import { structuredPatch } from 'diff';
import { countNewlines, lineEndAfter, lineStartBefore } from './edit/lines.js';
// Unified diffs for write_file and edit_file, computed only around the changes: a one-line edit of a
// 10 MB file diffs a few lines, not the file; a rewrite of a whole file is shown as one replaced block
// instead of running Myers on two unrelated texts.
const CONTEXT = 3;
/** Diff lines kept in hunks; past this, changes are only counted (nobody reads 5,000 diff lines). */
const MAX_KEPT_LINES = 5_000;
/** Myers gives up past this many inserted plus deleted lines and the block is shown as replaced. */
const MAX_EDIT_LENGTH = 1_000;
/** A changed region larger than this (either side) is shown as replaced without running Myers. */
const MAX_DIFFED_CHARS = 1024 * 1024;
/** The diff of `text` after `replacements` (sorted, disjoint) are applied, with line numbers of the file. */
export function diffReplacements(text, replacements) {
    const summary = { hunks: [], added: 0, removed: 0 };
    let kept = 0;
    let line = 1; // line number of `lineAt`
    let lineAt = 0;
    let shift = 0; // new line number minus old line number, from the clusters before
    let i = 0;
    while (i < replacements.length) {
        // A cluster: replacements whose context windows touch share one excerpt.
        const from = lineStartBefore(text, replacements[i].start, CONTEXT);
        let to = lineEndAfter(text, replacements[i].end, CONTEXT);
        let j = i + 1;
        while (j < replacements.length && lineStartBefore(text, replacements[j].start, CONTEXT) <= to) {
            to = Math.max(to, lineEndAfter(text, replacements[j].end, CONTEXT));
            j++;
        }
        line += countNewlines(text, lineAt, from);
        lineAt = from;
        const before = text.slice(from, to);
        let after = '';
        let at = from;
        for (const rep of replacements.slice(i, j)) {
            after += text.slice(at, rep.start) + rep.text;
            at = rep.end;
        }
        after += text.slice(at, to);
        i = j;
        const budget = MAX_KEPT_LINES - kept;
        const small = before.length <= MAX_DIFFED_CHARS && after.length <= MAX_DIFFED_CHARS;
        const patch = budget > 0 && small && minEditLength(before, after) <= MAX_EDIT_LENGTH
            ? structuredPatch('', '', before, after, undefined, undefined, {
                context: CONTEXT,
                maxEditLength: MAX_EDIT_LENGTH,
            })
            : undefined;
        let hunks;
        if (patch) {
            hunks = patch.hunks;
            for (const l of hunks.flatMap((h) => h.lines)) {
                if (l[0] === '+')
                    summary.added++;
                else if (l[0] === '-')
                    summary.removed++;
            }
        }
        else {
            const block = replacedBlock(before, after, Math.max(0, budget));
            hunks = [block.hunk];
            summary.added += block.added;
            summary.removed += block.removed;
        }
        for (const hunk of hunks) {
            hunk.oldStart += line - 1;
            hunk.newStart += line - 1 + shift;
            kept += hunk.lines.length;
            summary.hunks.push(hunk);
        }
        shift += countNewlines(after, 0, after.length) - countNewlines(before, 0, before.length);
    }
    return summary;
}
/** The diff between two whole texts: only the span between their common beginning and end is diffed. */
export function diffTexts(before, after) {
    if (before === after)
        return { hunks: [], added: 0, removed: 0 };
    let prefix = commonPrefix(before, after);
    prefix = prefix === 0 ? 0 : before.lastIndexOf('\n', prefix - 1) + 1;
    const suffix = commonSuffix(before, after, Math.min(before.length, after.length) - prefix);
    return diffReplacements(before, [
        { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) },
    ]);
}
/** `--- path` / `+++ path` and the hunks, cut after `maxLines` diff lines with a note of what is left. */
export function formatDiff(display, summary, maxLines) {
    if (summary.hunks.length === 0)
        return '';
    const out = [`--- ${display}`, `+++ ${display}`];
    let shown = 0;
    let left = 0;
    for (const hunk of summary.hunks) {
        const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
        const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
        for (const l of [`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`, ...hunk.lines]) {
            if (shown < maxLines) {
                out.push(l);
                shown++;
            }
            else
                left++;
        }
        left += hunk.hidden ?? 0;
    }
    if (left > 0)
        out.push(`... (${left} more diff lines not shown)`);
    return out.join('\n');
}
/** `+3 −1` */
export function formatCounts(summary) {
    return `+${summary.added} −${summary.removed}`;
}
/**
 * Two excerpts shown as one replaced block: their common first and last lines as context, every other
 * old line removed and every new line added. Keeps at most `keep` lines; the rest are counted in `hidden`.
 */
function replacedBlock(before, after, keep) {
    const a = new LineCursor(before);
    const b = new LineCursor(after);
    const head = [];
    // Common leading lines (the excerpt's context) stay context; so do common trailing lines.
    while (!a.done && !b.done && a.peek() === b.peek()) {
        head.push(a.next());
        b.next();
    }
    const tailA = a.tailLines();
    const tailB = b.tailLines();
    let common = 0;
    while (common < tailA.length && common < tailB.length && tailA.at(-1 - common) === tailB.at(-1 - common))
        common++;
    const oldMiddle = a.remaining() - common;
    const newMiddle = b.remaining() - common;
    const hunk = {
        oldStart: 1,
        oldLines: head.length + oldMiddle + common,
        newStart: 1,
        newLines: head.length + newMiddle + common,
        lines: [],
    };
    const total = head.length + oldMiddle + newMiddle + common;
    const push = (l) => {
        if (hunk.lines.length < keep)
            hunk.lines.push(l);
    };
    for (const l of head)
        push(` ${l}`);
    for (let k = 0; k < oldMiddle && hunk.lines.length < keep; k++)
        push(`-${a.next()}`);
    for (let k = 0; k < newMiddle && hunk.lines.length < keep; k++)
        push(`+${b.next()}`);
    for (const l of tailA.slice(tailA.length - common))
        push(` ${l}`);
    if (total > hunk.lines.length)
        hunk.hidden = total - hunk.lines.length;
    return { hunk, added: newMiddle, removed: oldMiddle };
}
/** Walks the lines of a text without splitting all of it. */
class LineCursor {
    text;
    at = 0;
    constructor(text) {
        this.text = text;
    }
    get done() {
        return this.at >= this.text.length;
    }
    peek() {
        const nl = this.text.indexOf('\n', this.at);
        return this.text.slice(this.at, nl === -1 ? this.text.length : nl);
    }
    next() {
        const value = this.peek();
        this.at += value.length + 1;
        return value;
    }
    /** Lines left. */
    remaining() {
        if (this.done)
            return 0;
        const newlines = countNewlines(this.text, this.at, this.text.length);
        return this.text.endsWith('\n') ? newlines : newlines + 1;
    }
    /** The last few lines left (for common trailing context), at most CONTEXT + 1. */
    tailLines() {
        const lines = [];
        let end = this.text.endsWith('\n') ? this.text.length - 1 : this.text.length;
        while (end >= this.at && lines.length <= CONTEXT) {
            const start = Math.max(this.at, this.text.lastIndexOf('\n', end - 1) + 1);
            lines.unshift(this.text.slice(start, end));
            if (start === this.at)
                break;
            end = start - 1;
        }
        return lines;
    }
}
/**
 * A lower bound on the lines Myers would insert plus delete: lines of one side with no equal line on the
 * other must change. Two unrelated texts are recognized in linear time, before Myers spends quadratic time.
 */
function minEditLength(before, after) {
    const counts = new Map();
    const a = before.split('\n');
    const b = after.split('\n');
    for (const l of a)
        counts.set(l, (counts.get(l) ?? 0) + 1);
    let common = 0;
    for (const l of b) {
        const n = counts.get(l);
        if (n) {
            common++;
            counts.set(l, n - 1);
        }
    }
    return a.length + b.length - 2 * common;
}
/** Length of the common prefix, found by halving with native slice comparisons (no per-char loop over MBs). */
function commonPrefix(a, b) {
    let lo = 0;
    let hi = Math.min(a.length, b.length);
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (a.slice(lo, mid) === b.slice(lo, mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}
function commonSuffix(a, b, limit) {
    let lo = 0;
    let hi = limit;
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (a.slice(a.length - mid, a.length - lo) === b.slice(b.length - mid, b.length - lo))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}
//# sourceMappingURL=diff-summary.js.map