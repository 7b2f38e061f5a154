import { distance } from 'fastest-levenshtein';
import { leadingWhitespace } from './text-fold.js';

// The wrong-place guard shared by edit_file (edit/twins.ts) and apply_patch (patch/stale-twin.ts) for
// matches that ignored indentation. A model that changed a block earlier and sends its stale copy of it
// matches nothing exactly; ignoring indentation, the copy may still match a twin of that block at another
// depth (the same three lines in a nested function). The block it meant is still there, at the copy's
// exact indentation, changed in a word — and possibly a line or two longer or shorter (`pool: 5` removed
// from a nested block while the top-level twin still has it). When such a block exists, the lenient match
// is not trusted. Each tool states its rule (`NearTwinRule`); the search and its budgets are the same.

/** What makes a block a near-twin of the model's lines: each tool's own choice. */
export interface NearTwinRule {
  /**
   * Similarity of the texts (1 - edit distance / length, indentation included, trailing whitespace not)
   * from which a block counts as a near-twin.
   */
  minSimilarity: number;
  /**
   * For a block of another length, how its lines may pair with the model's: `indented` — at the same
   * indentation, their differences counted (edit_file); `equal` — only when equal (apply_patch).
   */
  pairedLines: 'indented' | 'equal';
}

export interface NearTwin {
  /** First line, 0-based. */
  line: number;
  /** Lines in the block (the model's count, or up to MAX_LINES_CHANGED more or fewer). */
  count: number;
  score: number;
}

/** Lines a stale block may have gained or lost since the model copied it. */
const MAX_LINES_CHANGED = 2;
/** Blocks compared, whatever the file size. */
const MAX_COMPARISONS = 200_000;
/** Edit-distance work (32-character words of one text times characters of the other) spent in all. */
const MAX_WORK = 50_000_000;
/** Characters of a block compared (the edit distance costs time quadratic in them). */
const COMPARED_CHARS = 2_000;

/**
 * The block of `lines` most like the model's lines (`model`) that sits at their exact indentation (blank
 * lines where they have blank lines, up to MAX_LINES_CHANGED lines more or fewer), outside the lines
 * `matched`, or undefined when none is alike enough. Similarity is the edit distance of the whole texts;
 * for a block of another length, of its lines paired with the model's (`alignedSimilarity`).
 */
export function findNearTwin(
  lines: readonly string[],
  model: readonly string[],
  matched: { line: number; count: number },
  rule: NearTwinRule,
): NearTwin | undefined {
  const k = model.length;
  const indents = model.map(indentOfLine);
  const trimmed = model.map((line) => line.trimEnd());
  const content = trimmed.join('\n');
  const textLines = model.filter((line) => line.trim() !== '').length;
  const sizes = [k];
  for (let d = 1; d <= MAX_LINES_CHANGED; d++) sizes.push(k + d, k - d);
  let budget = Math.max(1, Math.floor(MAX_COMPARISONS / k));
  let work = 0;
  let best: NearTwin | undefined;
  for (const size of sizes) {
    if (size < 1) continue;
    for (let i = 0; i + size <= lines.length && budget > 0 && work < MAX_WORK; i++) {
      if (i < matched.line + matched.count && i + size > matched.line) continue; // overlapping the match
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
      const score =
        size === k ? similarity(content, block, rule) : alignedSimilarity(trimmed, blockLines, rule);
      if (score >= rule.minSimilarity && (!best || score > best.score))
        best = { line: i, count: size, score };
    }
  }
  return best;
}

/** A line's indentation, or undefined for a blank line. */
const indentOfLine = (line: string) => (line.trim() === '' ? undefined : leadingWhitespace(line));

function similarity(a: string, b: string, rule: NearTwinRule): number {
  const x = a.slice(0, COMPARED_CHARS);
  const y = b.slice(0, COMPARED_CHARS);
  if (x === y) return 1;
  if (x.length === 0 || y.length === 0) return 0;
  const longest = Math.max(x.length, y.length);
  // The edit distance is at least the difference in length: skip the computation when that already fails.
  if (1 - Math.abs(x.length - y.length) / longest < rule.minSimilarity) return 0;
  return 1 - distance(x, y) / longest;
}

/**
 * Whether the block sits where the model's lines would: the same indentation line for line (blank where
 * they are blank), except for up to MAX_LINES_CHANGED lines one side has and the other lacks; that is, the
 * shorter sequence of indentations is the longer one with a few lines dropped.
 */
function placedAlike(model: (string | undefined)[], block: (string | undefined)[]): boolean {
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
 * Similarity of the model's lines and a block of another length, line by line: every line of the shorter
 * side pairs, in order, with a line of the longer side (as `rule.pairedLines` allows), and the longer
 * side's lines left over (inside the block) count as deleted in full: 1 - (edit distance of the pairs +
 * characters left over) / the longer text. Line by line, a line one side lacks cannot borrow characters
 * from its neighbours (whole-text edit distance pairs `const raw = JSON.parse(…)` + `return {…}` with
 * `return JSON.parse(…)`).
 */
function alignedSimilarity(model: readonly string[], block: readonly string[], rule: NearTwinRule): number {
  const [short, long] = model.length <= block.length ? [model, block] : [block, model];
  const spare = long.length - short.length;
  const longest = Math.max(joinedLength(short), joinedLength(long));
  if (longest <= 0) return 0;
  // The cost is at least the difference in length: skip the pairing when that already fails.
  if (Math.abs(joinedLength(short) - joinedLength(long)) / longest > 1 - rule.minSimilarity) return 0;
  const pairCost =
    rule.pairedLines === 'equal'
      ? (a: string, b: string) => (a === b ? 0 : Number.POSITIVE_INFINITY)
      : (a: string, b: string) =>
          indentOfLine(a) === indentOfLine(b)
            ? distance(a.slice(0, COMPARED_CHARS), b.slice(0, COMPARED_CHARS))
            : Number.POSITIVE_INFINITY;
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
