// apply_patch's wrong-place guard for hunks that matched only once indentation was ignored (the search:
// ../near-twins.ts). The model changed block A earlier, its memory of A is stale, and A's twin B (the same
// lines at another depth) is all that still matches. Landing on B is the wrong-place edit a lenient pass
// must not make; the sign is a block elsewhere at exactly the hunk's indentation with nearly its text.
import { findNearTwin, type NearTwinRule } from '../near-twins.js';
import type { Region } from './closest.js';
import type { LineIndex } from './seek.js';

const PATCH_RULE: NearTwinRule = {
  // edit_file's threshold (src/tools/fs/edit/twins.ts), so both tools refuse the same stale copies.
  minSimilarity: 0.6,
  // Stricter than edit_file for blocks of another length: a hunk carries more context than an old_text,
  // so more sibling blocks come close to it. A block that lost or gained a line AND changed others is too
  // far from the hunk to call it a stale copy (`const raw = JSON.parse(…)` + `return {…}` against
  // `return JSON.parse(…)` in a sibling function would otherwise pass at 0.63).
  pairedLines: 'equal',
};

/**
 * The block other than the lenient match at `matched` that the hunk's `expected` lines look like a stale
 * copy of: at the hunk's exact indentation line for line (blank lines where it has blank lines), up to two
 * lines more or fewer, and nearly its text. Undefined when there is none: the lenient match stands.
 */
export function staleOriginal(
  index: LineIndex,
  expected: readonly string[],
  matched: number,
): Region | undefined {
  if (expected.every((line) => line.trim() === '')) return undefined;
  const twin = findNearTwin(index.lines, expected, { line: matched, count: expected.length }, PATCH_RULE);
  if (!twin) return undefined;
  const window = index.lines.slice(twin.line, twin.line + twin.count);
  const equal = expected.filter((line, j) => line.trim() !== '' && window[j]?.trim() === line.trim()).length;
  return { start: twin.line, length: twin.count, equal };
}
