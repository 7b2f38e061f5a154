import {
  type FoldedText,
  foldForMatch,
  foldWithOffsets,
  type IndentUnit,
  indentUnit,
  leadingWhitespace,
  mayFold,
} from '../text-fold.js';
import { keepFileText, keepUnchangedLines } from './keep.js';
import { SplitLines } from './lines.js';
import { inBlockStyle, reindent } from './reindent.js';

/** The matching passes, tried in this order; the first that finds old_text wins. */
export type PassName = 'exact' | 'trailing_whitespace' | 'indentation' | 'unicode';

/** How a lenient pass is reported to the model. */
export const PASS_NOTES: Record<Exclude<PassName, 'exact'>, string> = {
  trailing_whitespace: 'matched ignoring trailing whitespace',
  indentation: 'matched ignoring indentation',
  unicode: 'matched after folding Unicode punctuation, spaces and compatibility forms',
};

/** One place old_text matched, in LF-space offsets, with the text that replaces it there. */
export interface Found {
  start: number;
  end: number;
  text: string;
  /** new_text was re-indented to the file's indentation. */
  shifted: boolean;
  /** First matched line (0-based) when the pass compared whole lines. */
  line?: number;
  /** The match ignored a difference in indentation between old_text and the file. */
  indentDiffers?: boolean;
  /** new_text's indentation was converted to the tabs (or spaces) of the block it replaces. */
  restyled?: boolean;
}

/**
 * A place old_text matches once indentation is ignored, refused because old_text nests its lines
 * differently from the file there (in a file where indentation is syntax).
 */
export interface StructureBreak {
  /** First matched line, 0-based. */
  line: number;
  /** old_text lines (0-based) whose relative depth disagrees with the file's; `line` -1: new_text's. */
  needleLine: number;
  against: number;
}

export interface PassResult {
  found: Found[];
  breaks: StructureBreak[];
}

/** Matches one pass may collect; past this a replace_all is refused (the file is not a sed target). */
export const MAX_MATCHES = 100_000;

/**
 * The text being edited, with the views the lenient passes need built on first use: the exact pass on a
 * large file never splits it into lines or copies it.
 */
export class MatchText {
  private split?: SplitLines;
  private folded?: FoldedText;
  private unitFound = false;
  private unitValue?: IndentUnit;

  /** `significant`: the file's indentation is syntax (Python, YAML, Makefile …); see text-fold.ts. */
  constructor(
    readonly text: string,
    readonly significant = false,
  ) {}

  get lines(): SplitLines {
    this.split ??= new SplitLines(this.text);
    return this.split;
  }

  /** The text under the Unicode fold, with the map back to original offsets. */
  get fold(): FoldedText {
    this.folded ??= foldWithOffsets(this.text);
    return this.folded;
  }

  /** How the file indents one level (undefined when no line is indented). */
  get unit(): IndentUnit | undefined {
    if (!this.unitFound) {
      this.unitValue = indentUnit(this.lines.lines);
      this.unitFound = true;
    }
    return this.unitValue;
  }

  /** Whether the line views were built (diagnostics reuse them rather than splitting again). */
  get hasLines(): boolean {
    return this.split !== undefined;
  }
}

/**
 * Every place `needle` matches under `pass`. `disjoint` (replace_all) steps past each match; otherwise
 * overlapping occurrences count too, so `aa` in `aaa` is reported as ambiguous.
 */
export function findMatches(
  source: MatchText,
  pass: PassName,
  needle: string,
  newText: string,
  disjoint: boolean,
): PassResult {
  switch (pass) {
    case 'exact':
      return { found: inFileStyle(source, needle, findExact(source, needle, newText, disjoint)), breaks: [] };
    case 'trailing_whitespace': {
      const result = findLines(source, pass, needle, newText, disjoint, (s) => s.trimEnd());
      return { ...result, found: inFileStyle(source, needle, result.found) };
    }
    case 'indentation':
      return findLines(source, pass, needle, newText, disjoint, (s) => s.trim());
    case 'unicode': {
      if (!mayFold(needle) && !mayFold(source.text)) return { found: [], breaks: [] };
      const fragment = findFolded(source, needle, newText, disjoint);
      if (fragment.length > 0) return { found: fragment, breaks: [] };
      return findLines(source, pass, needle, newText, disjoint, (s) => foldForMatch(s).trim());
    }
  }
}

function findExact(source: MatchText, needle: string, newText: string, disjoint: boolean): Found[] {
  const { text } = source;
  const found: Found[] = [];
  const step = disjoint ? needle.length : 1;
  let at = text.indexOf(needle);
  while (at !== -1 && found.length <= MAX_MATCHES) {
    found.push(placeMidLine(source, at, at + needle.length, needle, newText));
    at = text.indexOf(needle, at + step);
  }
  return found;
}

/**
 * An exact match that starts inside a line's indentation (old_text written with less indentation than
 * the file, or none): new_text's first line continues where old_text started, but its later lines start
 * lines of their own. When one of them sits left of the matched line's indentation, the model wrote them
 * relative to its own old_text (not at the file's columns), so they are moved the way old_text moved.
 */
function placeMidLine(source: MatchText, start: number, end: number, needle: string, newText: string): Found {
  const plain: Found = { start, end, text: newText, shifted: false };
  if (!newText.includes('\n')) return plain;
  const { text } = source;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  if (prefix === '' || prefix.trim() !== '') return plain;
  const fileIndent = prefix + leadingWhitespace(needle);
  const relative = newText
    .split('\n')
    .slice(1)
    .some((line) => line.trim() !== '' && !line.startsWith(fileIndent));
  if (!relative) return plain;
  // Only indentation is compared: the partial first and last file lines serve as well as whole ones.
  const moved = reindent(
    newText,
    needle.split('\n'),
    text.slice(lineStart, end).split('\n'),
    source.unit,
    true,
  );
  if (moved.structureBreak) return plain;
  return { start, end, text: moved.text, shifted: moved.shifted };
}

/**
 * Matches whose new_text indents with tabs where the block it replaces uses spaces (or the reverse), in a
 * file where indentation is syntax, with new_text converted to the block's style. The passes that ignore
 * indentation re-indent new_text in the file's unit already.
 */
function inFileStyle(source: MatchText, needle: string, found: Found[]): Found[] {
  if (!source.significant || found.length === 0) return found;
  const { text } = source;
  const needleLines = needle.split('\n');
  const unit = () => source.unit;
  return found.map((f) => {
    const from = text.lastIndexOf('\n', f.start - 1) + 1;
    const lineEnd = text.indexOf('\n', Math.max(f.start, f.end - 1));
    const block = text.slice(from, lineEnd === -1 ? text.length : lineEnd).split('\n');
    const styled = inBlockStyle(f.text, needleLines, block, unit);
    return styled === f.text ? f : { ...f, text: styled, restyled: true };
  });
}

/**
 * The Unicode fold, old_text as a fragment anywhere: found in the folded text and mapped back to whole
 * characters of the original. The parts of new_text that old_text shares at its ends keep the file's
 * spelling (the model's "..." does not replace the file's "…" in text it did not change).
 */
function findFolded(source: MatchText, needle: string, newText: string, disjoint: boolean): Found[] {
  const { folded, origin } = source.fold;
  const foldedNeedle = foldForMatch(needle);
  if (foldedNeedle.trim() === '') return [];
  const boundary = (i: number) => i === 0 || i === folded.length || origin[i] !== origin[i - 1];
  const found: Found[] = [];
  const step = disjoint ? foldedNeedle.length : 1;
  let at = folded.indexOf(foldedNeedle);
  while (at !== -1 && found.length <= MAX_MATCHES) {
    const endAt = at + foldedNeedle.length;
    if (boundary(at) && boundary(endAt)) {
      const start = origin[at]!;
      const end = origin[endAt]!;
      const text = keepFileText(source.text, source.fold, { start, end, foldedStart: at }, needle, newText);
      found.push({ start, end, text, shifted: false });
    }
    at = folded.indexOf(foldedNeedle, at + step);
  }
  return found;
}

/**
 * Compare whole lines under `key`. A match replaces exactly the matched lines (and the newline after
 * the last one when old_text ends with a newline); every other line is left as it is. new_text's lines
 * equal to old_text's keep the file's text (its trailing whitespace, its Unicode spelling).
 */
function findLines(
  source: MatchText,
  pass: PassName,
  needle: string,
  newText: string,
  disjoint: boolean,
  key: (line: string) => string,
): PassResult {
  const shiftIndent = pass !== 'trailing_whitespace';
  const needleLines = needle.split('\n');
  const withNewline = needleLines.length > 1 && needleLines.at(-1) === '';
  if (withNewline) needleLines.pop();
  const keys = needleLines.map(key);
  const none: PassResult = { found: [], breaks: [] };
  if (keys.every((k) => k === '')) return none; // whitespace alone would match any blank lines
  // Anchor on the most distinctive line: only windows whose anchor line matches are compared in full.
  let anchor = 0;
  for (let j = 1; j < keys.length; j++) if (keys[j]!.length > keys[anchor]!.length) anchor = j;
  const { lines, starts } = source.lines;
  const k = needleLines.length;
  // With a trailing newline, the last matched line must have a newline after it.
  const lastStart = lines.length - k - (withNewline ? 1 : 0);
  const result: PassResult = { found: [], breaks: [] };
  const { found } = result;
  for (let i = 0; i <= lastStart && found.length <= MAX_MATCHES; i++) {
    if (key(lines[i + anchor]!) !== keys[anchor]) continue;
    let same = true;
    for (let j = 0; j < k && same; j++) same = j === anchor || key(lines[i + j]!) === keys[j];
    if (!same) continue;
    const end = starts[i + k - 1]! + lines[i + k - 1]!.length + (withNewline ? 1 : 0);
    const window = lines.slice(i, i + k);
    const indentDiffers = needleLines.some(
      (line, j) => line.trim() !== '' && leadingWhitespace(line) !== leadingWhitespace(window[j]!),
    );
    let text = newText;
    let shifted = false;
    if (shiftIndent && indentDiffers) {
      const moved = reindent(newText, needleLines, window, source.unit);
      if (moved.structureBreak && source.significant) {
        const { line, against } = moved.structureBreak;
        result.breaks.push({ line: i, needleLine: line, against });
        continue;
      }
      ({ text, shifted } = moved);
    }
    // Lines new_text leaves unchanged keep the file's text, trailing whitespace included (two trailing
    // spaces are a Markdown line break); only the lines the model rewrote take its spelling.
    text = keepUnchangedLines(needleLines, window, newText, text);
    found.push({ start: starts[i]!, end, text, shifted, line: i, indentDiffers });
    if (disjoint) i += k - 1;
  }
  return result;
}
