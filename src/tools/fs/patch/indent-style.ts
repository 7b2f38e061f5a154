// Tabs and spaces are never mixed: a model often copies context lines exactly (tabs included) and types
// the added lines with spaces. When the file lines around the change are indented with one character only,
// an added line indented purely with the other one is rewritten in the file's character. Lines that already
// mix the two (a tab, then alignment spaces) are left as written.
import path from 'node:path';
import { indentUnit, leadingWhitespace } from '../text-fold.js';
import type { ChunkLine } from './types.js';

/** File lines around the change looked at for its style when the changed lines themselves are not indented. */
const AROUND = 8;
const MAKEFILE = /^(?:GNUmakefile|makefile|Makefile)$|\.mk$/;
/** Spaces per tab when nothing in the hunk says otherwise. */
const DEFAULT_TAB_WIDTH = 4;

/**
 * The chunk's lines with every added line indented in the surrounding block's one character (the `length`
 * file lines at `start`, else up to AROUND lines on each side).
 */
export function inFileStyle(
  lines: readonly ChunkLine[],
  fileLines: readonly string[],
  start: number,
  length: number,
  filePath: string,
): { lines: ChunkLine[]; restyled: boolean } {
  const added = lines.filter((line) => line.op === '+');
  if (!added.some((line) => /^[ \t]/.test(line.text))) return { lines: [...lines], restyled: false };
  const near =
    styleOf(fileLines.slice(start, start + length)) ??
    styleOf(fileLines.slice(Math.max(0, start - AROUND), start + length + AROUND));
  // A Makefile's recipe lines must start with a tab, whatever the lines around them.
  if (near === undefined || (near === ' ' && MAKEFILE.test(path.basename(filePath)))) {
    return { lines: [...lines], restyled: false };
  }
  const other = near === '\t' ? ' ' : '\t';
  const foreign = (text: string) => {
    const indent = leadingWhitespace(text);
    return text.trim() !== '' && indent !== '' && [...indent].every((ch) => ch === other);
  };
  if (!added.some((line) => foreign(line.text))) return { lines: [...lines], restyled: false };
  const convert = near === '\t' ? spacesToTabs(lines) : tabsToSpaces(fileLines);
  let restyled = false;
  const out = lines.map((line): ChunkLine => {
    if (line.op !== '+' || !foreign(line.text)) return line;
    restyled = true;
    const indent = leadingWhitespace(line.text);
    return { op: '+', text: convert(indent.length) + line.text.slice(indent.length) };
  });
  return { lines: out, restyled };
}

/** The one character the indented lines use, or undefined when none is indented or they mix. */
function styleOf(lines: readonly string[]): '\t' | ' ' | undefined {
  const chars = new Set<string>();
  for (const line of lines) {
    if (line.trim() === '') continue;
    for (const ch of leadingWhitespace(line)) chars.add(ch);
  }
  return chars.size === 1 ? (chars.has('\t') ? '\t' : ' ') : undefined;
}

/**
 * Spaces to tabs, one tab per level of the hunk's own space indentation (the step between its
 * space-indented lines; four when they show none).
 */
function spacesToTabs(lines: readonly ChunkLine[]): (width: number) => string {
  const widths = lines
    .map((line) => leadingWhitespace(line.text))
    .filter((indent) => indent !== '' && !indent.includes('\t'))
    .map((indent) => indent.length);
  const step = widths.reduce(gcd, 0);
  const unit = step >= 2 && step <= DEFAULT_TAB_WIDTH ? step : DEFAULT_TAB_WIDTH;
  return (width) => '\t'.repeat(Math.max(1, Math.round(width / unit)));
}

/** Tabs to the file's space unit. */
function tabsToSpaces(fileLines: readonly string[]): (count: number) => string {
  const unit = indentUnit(fileLines);
  const width = unit?.char === ' ' ? unit.width : DEFAULT_TAB_WIDTH;
  return (count) => ' '.repeat(count * width);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
