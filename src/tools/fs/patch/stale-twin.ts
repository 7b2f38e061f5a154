// A hunk that matches one block only once indentation is ignored may have been written for another block:
// the model changed block A earlier, its memory of A is stale, and A's twin B (the same lines at another
// depth) is all that still matches. Landing on B is the wrong-place edit a lenient pass must not make.
// The sign: somewhere else, the hunk's lines stand at exactly their own indentation, with nearly their text
// (the block may have lost or gained a line or two since: `pool: 5` removed from a nested block while the
// top-level twin still has it).
import { distance } from 'fastest-levenshtein';
import { leadingWhitespace } from '../text-fold.js';
import type { Region } from './closest.js';
import type { LineIndex } from './seek.js';

/**
 * How alike the other block's text must be (1 - edit distance / length, indentation included, trailing
 * whitespace not). edit_file's near-twin rule (src/tools/fs/edit/twins.ts), so both tools refuse the same
 * stale copies: a stale copy differs in a word or an expression (0.66 and up); a different block that
 * shares an `if` line and a brace with the hunk scores 0.5. Blocks of another length pair lines more
 * strictly here (see alignedSimilarity).
 */
const MIN_SIMILARITY = 0.6;
/** Lines a stale block may have gained or lost since the model copied it. */
const MAX_LINES_CHANGED = 2;
/** Blocks compared, whatever the file size. */
const MAX_COMPARISONS = 200_000;
/** Edit-distance work (32-character words of one text times characters of the other) spent in all. */
const MAX_WORK = 50_000_000;
/** Characters of a block compared (the edit distance costs time quadratic in them). */
const COMPARED_CHARS = 2_000;

/**
 * The block other than the lenient match at `matched` that the hunk's `expected` lines look like a stale
 * copy of: at the hunk's exact indentation line for line (blank lines where it has blank lines), up to two
 * lines more or fewer, and nearly its text. The most alike first. Undefined when there is none: the
 * lenient match stands.
 */
export function staleOriginal(
  index: LineIndex,
  expected: readonly string[],
  matched: number,
): Region | undefined {
  const lines = index.lines;
  const k = expected.length;
  if (expected.every((line) => line.trim() === '')) return undefined;
  const indents = expected.map(indentOfLine);
  const trimmed = expected.map((line) => line.trimEnd());
  const content = trimmed.join('\n');
  const textLines = expected.filter((line) => line.trim() !== '').length;
  const sizes = [k];
  for (let d = 1; d <= MAX_LINES_CHANGED; d++) sizes.push(k + d, k - d);
  let budget = Math.max(1, Math.floor(MAX_COMPARISONS / k));
  let work = 0;
  let best: { region: Region; score: number } | undefined;
  for (const size of sizes) {
    if (size < 1) continue;
    for (let i = 0; i + size <= lines.length && budget > 0 && work < MAX_WORK; i++) {
      if (i < matched + k && i + size > matched) continue; // overlapping the match itself
      const window = lines.slice(i, i + size);
      if (size !== k) {
        // Blank edges add nothing to compare; a single line is too little to call a block a stale copy.
        if (window[0]!.trim() === '' || window.at(-1)!.trim() === '') continue;
        if (Math.min(textLines, window.filter((line) => line.trim() !== '').length) < 2) continue;
      }
      if (!placedAlike(indents, window.map(indentOfLine))) continue;
      budget--;
      const blockLines = window.map((line) => line.trimEnd());
      const block = blockLines.join('\n');
      work +=
        Math.ceil(Math.min(content.length, COMPARED_CHARS) / 32) *
        Math.min(block.length, COMPARED_CHARS) *
        (Math.abs(size - k) + 1);
      const score = size === k ? similarity(content, block) : alignedSimilarity(trimmed, blockLines);
      if (score >= MIN_SIMILARITY && (!best || score > best.score)) {
        const equal = expected.filter(
          (line, j) => line.trim() !== '' && window[j]?.trim() === line.trim(),
        ).length;
        best = { region: { start: i, length: size, equal }, score };
      }
    }
  }
  return best?.region;
}

/** A line's indentation, or undefined for a blank line. */
const indentOfLine = (line: string) => (line.trim() === '' ? undefined : leadingWhitespace(line));

function similarity(a: string, b: string): number {
  const x = a.slice(0, COMPARED_CHARS);
  const y = b.slice(0, COMPARED_CHARS);
  if (x === y) return 1;
  if (x.length === 0 || y.length === 0) return 0;
  const longest = Math.max(x.length, y.length);
  // The edit distance is at least the difference in length: skip the computation when that already fails.
  if (1 - Math.abs(x.length - y.length) / longest < MIN_SIMILARITY) return 0;
  return 1 - distance(x, y) / longest;
}

/**
 * Whether the block sits where the hunk's lines would: the same indentation line for line, except for up
 * to MAX_LINES_CHANGED lines one side has and the other lacks (the shorter sequence of indentations is the
 * longer one with a few lines dropped).
 */
function placedAlike(model: Array<string | undefined>, block: Array<string | undefined>): boolean {
  const [short, long] = model.length <= block.length ? [model, block] : [block, model];
  const spare = long.length - short.length;
  if (spare > MAX_LINES_CHANGED) return false;
  if (spare === 0) return short.every((indent, j) => indent === long[j]);
  // fits[u]: short[0, i) aligns with long[0, i + u), u of those long lines dropped.
  let fits = Array.from({ length: spare + 1 }, () => true);
  for (let i = 1; i <= short.length; i++) {
    const next = fits.map((ok, u) => ok && short[i - 1] === long[i - 1 + u]);
    for (let u = 1; u <= spare; u++) next[u] ||= next[u - 1]!;
    fits = next;
  }
  return fits[spare]!;
}

/** Characters of a list of lines joined by newlines. */
const joinedLength = (lines: readonly string[]) => lines.reduce((n, line) => n + line.length + 1, -1);

/**
 * Similarity of the hunk's lines and a block of another length, line by line: every line of the shorter
 * side pairs, in order, with an equal line of the longer side, and the longer side's lines left over
 * (inside the block) count as deleted in full. Stricter than edit_file's pairing, which lets paired lines
 * differ: a hunk carries more context than an old_text, so more sibling blocks come close to it.
 */
function alignedSimilarity(model: readonly string[], block: readonly string[]): number {
  const [short, long] = model.length <= block.length ? [model, block] : [block, model];
  const spare = long.length - short.length;
  const longest = Math.max(joinedLength(short), joinedLength(long));
  if (longest <= 0) return 0;
  // The cost is at least the difference in length: skip the pairing when that already fails.
  if (Math.abs(joinedLength(short) - joinedLength(long)) / longest > 1 - MIN_SIMILARITY) return 0;
  // Paired lines must be equal: a block that lost or gained a line AND changed others is too far from the
  // hunk to call it a stale copy (`const raw = JSON.parse(…)` + `return {…}` against `return JSON.parse(…)`
  // in a sibling function would otherwise pass at 0.63).
  const pairCost = (a: string, b: string) => (a === b ? 0 : Number.POSITIVE_INFINITY);
  // A line left over must sit inside the block (no shallower than its shallowest line): a window that
  // reaches past the block's end into the next one is not a copy of it.
  let base = Number.POSITIVE_INFINITY;
  for (const line of short) if (line.trim() !== '') base = Math.min(base, leadingWhitespace(line).length);
  const dropCost = (line: string) =>
    line.trim() === '' || leadingWhitespace(line).length >= base ? line.length + 1 : Number.POSITIVE_INFINITY;
  // cost[u]: short[0, i) paired within long[0, i + u), u of those long lines left over.
  let cost = [0];
  for (let u = 1; u <= spare; u++) cost.push(cost[u - 1]! + dropCost(long[u - 1]!));
  for (let i = 1; i <= short.length; i++) {
    const next = cost.map((c, u) => c + pairCost(short[i - 1]!, long[i - 1 + u]!));
    for (let u = 1; u <= spare; u++) next[u] = Math.min(next[u]!, next[u - 1]! + dropCost(long[i + u - 1]!));
    cost = next;
  }
  return 1 - cost[spare]! / longest;
}
