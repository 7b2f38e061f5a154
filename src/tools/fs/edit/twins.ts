import { findNearTwin, type NearTwin, type NearTwinRule } from '../near-twins.js';
import type { MatchText } from './matchers.js';

// edit_file's wrong-place guard for matches that ignored indentation (the search: ../near-twins.ts). When
// a block at old_text's exact indentation is a near-twin of it, old_text is most likely a stale copy of that
// block and the lenient match its twin at another depth: the edit is refused, naming both places.

export type { NearTwin } from '../near-twins.js';

const EDIT_RULE: NearTwinRule = {
  // A stale copy differs in a word or an expression (0.66 and up on the corpus); a different block that
  // shares an `if` line and a brace with old_text scores 0.5.
  minSimilarity: 0.6,
  // In a block of another length, paired lines may differ too (at the same indentation); apply_patch,
  // whose hunks carry more context, pairs only equal lines (patch/stale-twin.ts).
  pairedLines: 'indented',
};

/**
 * The block most like old_text that sits at old_text's exact indentation (up to two lines more or fewer),
 * outside the matched lines, or undefined when none is similar enough.
 */
export function nearTwin(
  source: MatchText,
  needleLines: string[],
  matched: { line: number; count: number },
): NearTwin | undefined {
  return findNearTwin(source.lines.lines, needleLines, matched, EDIT_RULE);
}
