// When a hunk matched only after ignoring indentation, its lines were written at the model's indentation,
// not the file's: one level too deep, two spaces per level where the file has four, spaces where the file
// has tabs. Learn how the hunk's expected lines map onto the file lines they matched, and give the added
// lines the same map, so they land in the file's own indentation and style.
import { distance } from 'fastest-levenshtein';
import { leadingWhitespace } from '../text-fold.js';
import type { ChunkLine } from './types.js';

/** Turns one line's leading whitespace (the hunk's) into the file's. */
export type Shift = (indent: string) => string;

/** How the hunk's indentation relates to the file's over the matched lines. */
export interface IndentFit {
  /** The hunk's and the file's indentation differ on some line. */
  differs: boolean;
  /** A map that explains every matched line; undefined when none does (the nesting disagrees). */
  shift?: Shift;
  /** Offsets (in the matched lines) of the lines the map of the most lines does not explain. */
  misfits: number[];
  /** Each matched line's own map (undefined for blank lines): for added lines when no map explains all. */
  lineShifts: Array<Shift | undefined>;
}

const identity: Shift = (indent) => indent;
const isBlank = (line: string) => line.trim() === '';

/** Compare the hunk's expected lines with the file lines they matched, line for line. */
export function fitIndentation(hunkLines: readonly string[], fileLines: readonly string[]): IndentFit {
  const pairs: Array<{ k: number; hunk: string; file: string }> = [];
  hunkLines.forEach((line, k) => {
    const fileLine = fileLines[k] ?? '';
    if (!isBlank(line) && !isBlank(fileLine)) {
      pairs.push({ k, hunk: leadingWhitespace(line), file: leadingWhitespace(fileLine) });
    }
  });
  const lineShifts: Array<Shift | undefined> = new Array(hunkLines.length);
  for (const p of pairs) lineShifts[p.k] = learnShift([[p.hunk, p.file]]) ?? identity;
  if (pairs.every((p) => p.hunk === p.file))
    return { differs: false, shift: identity, misfits: [], lineShifts };
  const all = learnShift(pairs.map((p) => [p.hunk, p.file]));
  if (all) return { differs: true, shift: all, misfits: [], lineShifts };
  // The lines the map of the most lines leaves out are the ones that nest differently.
  let misfits = pairs.map((p) => p.k);
  const tried = new Set<string>();
  for (const pair of pairs) {
    const key = `${pair.hunk}\0${pair.file}`;
    if (tried.has(key)) continue;
    tried.add(key);
    const shift = lineShifts[pair.k]!;
    const left = pairs.filter((p) => shift(p.hunk) !== p.file).map((p) => p.k);
    if (left.length < misfits.length) misfits = left;
  }
  return { differs: true, misfits, lineShifts };
}

/**
 * The chunk's lines with every added line re-indented: by the map of the whole match when there is one.
 * Otherwise (the hunk's nesting disagrees with the file's, in a file where that is allowed) each added line
 * takes the map of the expected line it most resembles — usually the line it replaces — else of the
 * nearest expected line above it (below it, at the start of the chunk).
 */
export function reindentAdded(lines: readonly ChunkLine[], fit: IndentFit): ChunkLine[] {
  if (fit.shift) {
    const shift = fit.shift;
    return lines.map((line) => (line.op === '+' ? { op: '+', text: shiftLine(line.text, shift) } : line));
  }
  const expected: Array<{ text: string; shift: Shift }> = [];
  const nearest: Array<Shift | undefined> = new Array(lines.length);
  let k = 0;
  let last: Shift | undefined;
  lines.forEach((line, j) => {
    if (line.op !== '+') {
      const shift = fit.lineShifts[k++];
      if (shift) expected.push({ text: line.text.trim(), shift });
      last = shift ?? last;
    } else nearest[j] = last;
  });
  let next: Shift | undefined;
  for (let j = lines.length - 1, e = k - 1; j >= 0; j--) {
    if (lines[j]!.op !== '+') next = fit.lineShifts[e--] ?? next;
    else nearest[j] ??= next;
  }
  const compare = expected.length * lines.length <= MAX_RESEMBLANCE_CHECKS;
  return lines.map((line, j) => {
    if (line.op !== '+') return line;
    const like = compare ? mostAlike(line.text.trim(), expected) : undefined;
    return { op: '+', text: shiftLine(line.text, like ?? nearest[j] ?? identity) };
  });
}

/** Added × expected lines compared at most to pair added lines with the lines they rewrite. */
const MAX_RESEMBLANCE_CHECKS = 10_000;
/** Below this likeness an added line is new, not a rewrite of an expected one. */
const MIN_RESEMBLANCE = 0.5;

/** The map of the expected line `text` equals, else of the one it most resembles, if any is alike enough. */
function mostAlike(text: string, expected: ReadonlyArray<{ text: string; shift: Shift }>): Shift | undefined {
  if (text === '') return undefined;
  let best: Shift | undefined;
  let bestScore = MIN_RESEMBLANCE;
  for (const line of expected) {
    if (line.text === text) return line.shift;
    const longest = Math.max(line.text.length, text.length);
    if (longest > 400) continue;
    const score = 1 - distance(line.text, text) / longest;
    if (score > bestScore) [best, bestScore] = [line.shift, score];
  }
  return best;
}

/** `line` with its leading whitespace mapped by `shift` (blank lines stay as they are). */
function shiftLine(line: string, shift: Shift): string {
  if (isBlank(line)) return line;
  const indent = leadingWhitespace(line);
  return shift(indent) + line.slice(indent.length);
}

/**
 * A shift that explains every (hunk, file) indentation pair, or undefined. Tried in order: adding or
 * removing the same prefix on every line (a different base), then a linear map of widths made of one
 * character on each side (two spaces per level against four, spaces against tabs), written in the file's
 * character.
 */
function learnShift(pairs: ReadonlyArray<readonly [string, string]>): Shift | undefined {
  const fits = (shift: Shift) => pairs.every(([hunk, file]) => shift(hunk) === file);
  const [h0, f0] = pairs[0]!;
  if (f0.endsWith(h0)) {
    const add = f0.slice(0, f0.length - h0.length);
    const shift: Shift = (indent) => add + indent;
    if (fits(shift)) return shift;
  } else if (h0.endsWith(f0)) {
    const remove = h0.slice(0, h0.length - f0.length);
    const shift: Shift = (indent) => {
      let k = 0;
      while (k < remove.length && indent[k] === remove[k]) k++;
      return indent.slice(k);
    };
    if (fits(shift)) return shift;
  }
  const hunkChar = onlyChar(pairs.map(([hunk]) => hunk));
  const fileChar = onlyChar(pairs.map(([, file]) => file));
  if (hunkChar === undefined || !fileChar) return undefined;
  // width(file) = scale × width(hunk) + offset, from the two most different hunk widths.
  const sorted = [...pairs].sort((a, b) => a[0].length - b[0].length);
  const [lo, hi] = [sorted[0]!, sorted.at(-1)!];
  const scale =
    hi[0].length !== lo[0].length
      ? (hi[1].length - lo[1].length) / (hi[0].length - lo[0].length)
      : lo[0].length > 0
        ? lo[1].length / lo[0].length
        : 1;
  const offset = lo[1].length - scale * lo[0].length;
  if (scale <= 0) return undefined;
  const linear: Shift = (indent) => {
    if (hunkChar === '' || [...indent].some((c) => c !== hunkChar)) return indent;
    return fileChar.repeat(Math.max(0, Math.round(scale * indent.length + offset)));
  };
  return fits(linear) ? linear : undefined;
}

/** The one character the indents are made of ('' when all are empty), or undefined when they mix. */
function onlyChar(indents: readonly string[]): string | undefined {
  const chars = new Set(indents.join(''));
  return chars.size === 1 ? [...chars][0]! : chars.size === 0 ? '' : undefined;
}
