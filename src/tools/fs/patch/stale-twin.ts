// A hunk that matches one block only once indentation is ignored may have been written for another block:
// the model changed block A earlier, its memory of A is stale, and A's twin B (the same lines at another
// depth) is all that still matches. Landing on B is the wrong-place edit a lenient pass must not make.
// The sign: somewhere else, the hunk's lines stand at exactly their own indentation, with nearly their text.
import { distance } from 'fastest-levenshtein';
import { leadingWhitespace } from '../text-fold.js';
import type { Region } from './closest.js';
import type { LineIndex } from './seek.js';

/** How alike the other place's lines must be, on average (1: equal; a changed word in a line: ~0.8). */
const MIN_LIKENESS = 0.7;
/** Line comparisons by edit distance at most, over all places (bounded work on large files). */
const MAX_COMPARED = 20_000;
/** Lines longer than this count as unlike unless equal (no edit distance over minified code). */
const MAX_FUZZY_LINE = 400;

interface Wanted {
  blank: boolean;
  indent: string;
  text: string;
}

/**
 * The place other than the lenient match at `matched` where `expected`'s lines all stand at their own
 * indentation (blank lines against blank lines) and their text is nearly the same, the most alike first.
 * Undefined when there is none: the lenient match stands.
 */
export function staleOriginal(
  index: LineIndex,
  expected: readonly string[],
  matched: number,
): Region | undefined {
  const lines = index.lines;
  const m = expected.length;
  const n = lines.length;
  const want: Wanted[] = expected.map((line) => ({
    blank: line.trim() === '',
    indent: leadingWhitespace(line),
    text: line.trim(),
  }));
  if (want.every((line) => line.blank)) return undefined;
  let best: { region: Region; likeness: number } | undefined;
  const budget = { left: MAX_COMPARED };
  for (let start = 0; start + m <= n && budget.left > 0; start++) {
    if (Math.abs(start - matched) < m) continue; // overlapping the match itself
    if (!sameShape(lines, want, start)) continue;
    const likeness = likenessAt(lines, want, start, budget);
    if (likeness >= MIN_LIKENESS && (!best || likeness > best.likeness)) {
      const equal = want.filter((w, k) => !w.blank && lines[start + k]!.trim() === w.text).length;
      best = { region: { start, length: m, equal }, likeness };
    }
  }
  return best?.region;
}

/** Whether every line at `start` has the wanted line's indentation (blank lines against blank lines). */
function sameShape(lines: readonly string[], want: readonly Wanted[], start: number): boolean {
  for (let k = 0; k < want.length; k++) {
    const line = lines[start + k]!;
    const w = want[k]!;
    if (w.blank ? line.trim() !== '' : leadingWhitespace(line) !== w.indent || line.trim() === '')
      return false;
  }
  return true;
}

/** The average likeness of the non-blank lines at `start` (1: all equal). */
function likenessAt(
  lines: readonly string[],
  want: readonly Wanted[],
  start: number,
  budget: { left: number },
): number {
  let sum = 0;
  let counted = 0;
  for (let k = 0; k < want.length; k++) {
    const w = want[k]!;
    if (w.blank) continue;
    const text = lines[start + k]!.trim();
    if (text !== w.text) budget.left--;
    sum += similarity(text, w.text);
    counted++;
  }
  return counted === 0 ? 0 : sum / counted;
}

function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest > MAX_FUZZY_LINE) return 0;
  return 1 - distance(a, b) / longest;
}
