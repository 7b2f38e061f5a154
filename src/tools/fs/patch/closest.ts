import { distance } from 'fastest-levenshtein';
import { fold, type LineIndex, LOOSEST } from './seek.js';

/** Fuzzy comparisons made at most when no line matches even loosely (file lines × pattern lines). */
const MAX_FUZZY_COMPARISONS = 400_000;
/** Lines longer than this are not compared fuzzily (minified code, data). */
const MAX_FUZZY_LINE = 400;
/** Region lines shown at most. */
const MAX_SHOWN = 40;

export interface Region {
  start: number;
  length: number;
  /** How many lines of the region equal the pattern's, loosely. */
  equal: number;
}

/**
 * The region of the file most like `pattern`: the window where the most lines equal the pattern's
 * (loosely), preferring one at or after `from`; when no line is even loosely equal, the window around the
 * single most similar line. Undefined when nothing in the file resembles the pattern.
 */
export function closestRegion(
  index: LineIndex,
  pattern: readonly string[],
  from: number,
  within?: { from: number; to: number },
): Region | undefined {
  const lines = index.loose;
  const want = pattern.map(fold);
  const n = lines.length;
  const m = want.length;
  if (n === 0 || m === 0) return undefined;
  const [lo, hi] = within ? [within.from, within.to] : [0, n];
  const votes = new Map<number, number>();
  want.forEach((line, k) => {
    if (line === '') return; // blank lines match everywhere and say nothing
    for (const i of index.occurrences(LOOSEST, line)) {
      if (i < lo || i >= hi) continue;
      const start = Math.max(0, Math.min(i - k, n - m));
      votes.set(start, (votes.get(start) ?? 0) + 1);
    }
  });
  let best: Region | undefined;
  for (const [start, count] of votes) {
    if (!best || count > best.equal || (count === best.equal && closer(start, best.start, from))) {
      best = { start, length: Math.min(m, n - start), equal: count };
    }
  }
  if (best) return best;
  return fuzzyAnchor(lines, want, from, lo, hi);
}

function closer(a: number, b: number, from: number): boolean {
  const da = a >= from ? a - from : n2(from - a);
  const db = b >= from ? b - from : n2(from - b);
  return da < db;
}
/** Regions above the search start count as farther than those below it. */
const n2 = (d: number) => d * 2 + 1;

function fuzzyAnchor(
  lines: readonly string[],
  want: readonly string[],
  from: number,
  lo = 0,
  hi = lines.length,
): Region | undefined {
  const n = lines.length;
  const m = want.length;
  const probes = want
    .map((line, k) => ({ line, k }))
    .filter((p) => p.line.length >= 4 && p.line.length <= MAX_FUZZY_LINE)
    .slice(0, Math.max(1, Math.floor(MAX_FUZZY_COMPARISONS / n)));
  let bestScore = 0.6; // below this, lines are not alike enough to be worth showing
  let best: Region | undefined;
  for (let i = lo; i < hi; i++) {
    const line = lines[i]!;
    if (line.length < 4 || line.length > MAX_FUZZY_LINE) continue;
    for (const { line: probe, k } of probes) {
      if (Math.abs(line.length - probe.length) > (1 - bestScore) * Math.max(line.length, probe.length))
        continue;
      const score = 1 - distance(line, probe) / Math.max(line.length, probe.length);
      const start = Math.max(0, Math.min(i - k, n - m));
      if (score > bestScore || (score === bestScore && best && closer(start, best.start, from))) {
        bestScore = score;
        best = { start, length: Math.min(m, n - start), equal: 0 };
      }
    }
  }
  return best;
}

/**
 * The region as numbered lines (1-based, like read_file), marking with `!` the lines that differ from the
 * pattern even loosely.
 */
export function formatRegion(
  index: LineIndex,
  pattern: readonly string[],
  region: Region,
  anyOrder = false,
): string {
  const loose = index.loose;
  // A region of another length than the pattern (a block that lost or gained a line) is not aligned with
  // it line for line: a line is marked only when the pattern has no line like it.
  const wanted = anyOrder ? new Set(pattern.map(fold)) : undefined;
  const end = region.start + region.length;
  const width = String(end).length;
  const out: string[] = [];
  for (let i = region.start; i < end && i - region.start < MAX_SHOWN; i++) {
    const k = i - region.start;
    const same = wanted ? wanted.has(loose[i]!) : k < pattern.length && loose[i] === fold(pattern[k]!);
    out.push(`${String(i + 1).padStart(width)} ${same ? '|' : '!'} ${index.lines[i]}`);
  }
  if (region.length > MAX_SHOWN) out.push(`… ${region.length - MAX_SHOWN} more lines`);
  return out.join('\n');
}
