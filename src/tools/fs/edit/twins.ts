import { distance } from 'fastest-levenshtein';
import { leadingWhitespace } from '../text-fold.js';
import type { MatchText } from './matchers.js';

// The wrong-place guard for matches that ignored indentation. A model that edited a block earlier and
// sends its stale copy of it as old_text matches nothing exactly; ignoring indentation, the copy may still
// match a twin of that block at another depth (the same three lines in a nested function). The block it
// meant is still there, at old_text's exact indentation, changed in a word. When such a block exists, the
// lenient match is not trusted: the edit is refused, naming both places.

/**
 * Similarity of the blocks' text (1 - edit distance / length, indentation included, trailing whitespace
 * not) from which a block counts as a near-twin. A stale copy differs in a word or an expression (0.66 and
 * up on the corpus); a different block that shares an `if` line and a brace with old_text scores 0.5.
 */
const MIN_SIMILARITY = 0.6;
/** Blocks compared, whatever the file size. */
const MAX_COMPARISONS = 200_000;
/** Edit-distance work (32-character words of one text times characters of the other) spent in all. */
const MAX_WORK = 50_000_000;
/** Characters of a block compared (the edit distance costs time quadratic in them). */
const COMPARED_CHARS = 2_000;

export interface NearTwin {
  /** First line, 0-based. */
  line: number;
  score: number;
}

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
 * The block most like old_text that sits at old_text's exact indentation on every line (blank lines where
 * it has blank lines), outside the matched lines, or undefined when none is similar enough.
 */
export function nearTwin(
  source: MatchText,
  needleLines: string[],
  matched: { line: number; count: number },
): NearTwin | undefined {
  const { lines } = source.lines;
  const k = needleLines.length;
  const indents = needleLines.map((line) => (line.trim() === '' ? undefined : leadingWhitespace(line)));
  const content = needleLines.map((line) => line.trimEnd()).join('\n');
  let budget = Math.max(1, Math.floor(MAX_COMPARISONS / k));
  let work = 0;
  let best: NearTwin | undefined;
  for (let i = 0; i + k <= lines.length && budget > 0 && work < MAX_WORK; i++) {
    if (i < matched.line + matched.count && i + k > matched.line) continue;
    let placed = true;
    for (let j = 0; j < k && placed; j++) {
      const line = lines[i + j]!;
      const indent = indents[j];
      placed =
        indent === undefined ? line.trim() === '' : line.trim() !== '' && leadingWhitespace(line) === indent;
    }
    if (!placed) continue;
    budget--;
    const block = lines
      .slice(i, i + k)
      .map((line) => line.trimEnd())
      .join('\n');
    work += Math.ceil(Math.min(content.length, COMPARED_CHARS) / 32) * Math.min(block.length, COMPARED_CHARS);
    const score = similarity(content, block);
    if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { line: i, score };
  }
  return best;
}
