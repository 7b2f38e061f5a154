import { distance } from 'fastest-levenshtein';
import { leadingWhitespace } from '../text-fold.js';
import { countNewlines } from './lines.js';
import { type Found, MAX_MATCHES, type MatchText, type StructureBreak } from './matchers.js';

// What the model needs when old_text does not match: where the nearest text is, numbered, and which
// lines differ and how; or, when it matches several places, every place.

/** Line comparisons spent scoring candidate windows, whatever the file size. */
const MAX_COMPARISONS = 100_000;
/** Occurrences of one anchor word followed; a word found more often than this says little. */
const MAX_OCCURRENCES = 2_000;
/** Words of old_text searched for (each a scan of the file). */
const MAX_ANCHOR_WORDS = 24;
/** Anchor occurrences turned into candidate windows. */
const MAX_ANCHOR_HITS = 20_000;
/** Below this average line similarity the "closest" text is not worth showing. */
const MIN_SIMILARITY = 0.4;
const MAX_SHOWN_LINES = 30;
const MAX_DIFFERENCES = 5;
const MAX_LISTED = 20;
const SHOWN_CHARS = 300;

/** `old_text matches 3 places in src/app.ts (lines 10, 42, 97); add surrounding lines ... ` */
export function describeAmbiguous(text: string, found: Found[], display: string, note?: string): string {
  const places: string[] = [];
  let line = 1;
  let at = 0;
  for (const match of found.slice(0, MAX_LISTED)) {
    line += countNewlines(text, at, match.start);
    at = match.start;
    const last = line + countNewlines(text, match.start, Math.max(match.start, match.end - 1));
    places.push(last > line ? `${line}-${last}` : `${line}`);
  }
  // Several matches on one line say where on it (`1:1, 1:5`), or the list reads "lines 1, 1, 1".
  if (new Set(places).size < places.length) {
    for (const [i, match] of found.slice(0, MAX_LISTED).entries()) {
      const column = match.start - (text.lastIndexOf('\n', match.start - 1) + 1) + 1;
      places[i] = `${places[i]}:${column}`;
    }
  }
  const more = found.length > MAX_LISTED ? `, and ${found.length - MAX_LISTED} more` : '';
  const count = found.length > MAX_MATCHES ? `more than ${MAX_MATCHES}` : String(found.length);
  return (
    `old_text matches ${count} places in ${display}${note ? ` (${note})` : ''} (lines ${places.join(', ')}${more}); ` +
    'add surrounding lines to make it unique, or set replace_all to change every one.'
  );
}

/** The not-found message: the closest candidate with line numbers and what differs. */
export function describeNotFound(source: MatchText, needle: string, display: string): string {
  const needleLines = needle.split('\n');
  const withNewline = needleLines.length > 1 && needleLines.at(-1) === '';
  if (withNewline) needleLines.pop();
  const head = `old_text was not found in ${display}.`;
  const advice = `${numberedHint(needleLines)}Copy old_text exactly from the current file (read it again if unsure), then retry.`;
  if (source.text.trim() === '') {
    return `${head} The file is empty${source.text === '' ? '' : ' apart from whitespace'}; use write_file to give it content.`;
  }
  const { lines } = source.lines;
  const best = closestWindow(source, needleLines);
  if (!best || best.score < MIN_SIMILARITY) {
    return `${head} Nothing in it closely resembles old_text (its first line is ${quote(needleLines[0]!)}). ${advice}`;
  }
  const k = needleLines.length;
  const first = best.start + 1;
  const last = Math.min(best.start + k, lines.length);
  const out = [
    `${head} The closest text is at ${first === last ? `line ${first}` : `lines ${first}-${last}`}:`,
  ];
  for (let i = best.start; i < last && i < best.start + MAX_SHOWN_LINES; i++) {
    out.push(`${String(i + 1).padStart(6)}\t${clip(lines[i]!, SHOWN_CHARS)}`);
  }
  if (last - best.start > MAX_SHOWN_LINES)
    out.push(`   ... (${last - best.start - MAX_SHOWN_LINES} more lines)`);

  const differences: string[] = [];
  let differing = 0;
  for (let j = 0; j < k; j++) {
    const expected = needleLines[j]!;
    const actual = lines[best.start + j];
    if (actual === expected) continue;
    differing++;
    if (differences.length >= MAX_DIFFERENCES) continue;
    differences.push(
      actual === undefined
        ? `line ${best.start + j + 1}: expected ${quote(expected)}, but the file ends at line ${lines.length}`
        : `line ${best.start + j + 1} differs: ${describeLine(expected, actual)}`,
    );
  }
  if (differing > MAX_DIFFERENCES) differences.push(`(${differing - MAX_DIFFERENCES} more lines differ)`);
  if (differing === 0 && withNewline) {
    differences.push(
      `old_text ends with a newline, but line ${last} is the last line of the file and has none.`,
    );
  }
  const where = first === last ? `line ${first}` : `lines ${first}-${last}`;
  out.push(
    ...differences,
    `${numberedHint(needleLines)}If you meant ${where}, send old_text copied from them exactly as shown (without the line-number column); otherwise read the file again and copy old_text from the lines you mean.`,
  );
  return out.join('\n');
}

/**
 * The window of old_text's length most like it. Candidate windows come from anchors: the longest words of
 * old_text, found with indexOf over the whole text (fast on a 10 MB file), rarest first, each voting for
 * the window its line would start. Small files are also scanned window by window. Every step is bounded:
 * MAX_ANCHOR_WORDS scans, MAX_ANCHOR_HITS votes, MAX_COMPARISONS line comparisons.
 */
function closestWindow(
  source: MatchText,
  needleLines: string[],
): { start: number; score: number } | undefined {
  const split = source.lines;
  const k = needleLines.length;
  const anchors: Array<{ j: number; positions: number[] }> = [];
  for (const { word, j } of anchorWords(needleLines)) {
    const positions: number[] = [];
    let at = source.text.indexOf(word);
    while (at !== -1 && positions.length <= MAX_OCCURRENCES) {
      positions.push(at);
      at = source.text.indexOf(word, at + word.length);
    }
    if (positions.length <= MAX_OCCURRENCES) anchors.push({ j, positions });
  }
  anchors.sort((a, b) => a.positions.length - b.positions.length);
  const votes = new Map<number, number>();
  const voted = new Set<number>(); // start * k + j: one vote per old_text line per window
  let hits = 0;
  for (const { j, positions } of anchors) {
    if (hits >= MAX_ANCHOR_HITS) break;
    for (const position of positions) {
      hits++;
      const start = Math.max(0, split.lineOf(position) - j);
      if (voted.has(start * k + j)) continue;
      voted.add(start * k + j);
      votes.set(start, (votes.get(start) ?? 0) + 1);
    }
  }
  const budget = Math.max(1, Math.floor(MAX_COMPARISONS / k));
  let starts = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([start]) => start);
  if (starts.length === 0 && split.lines.length <= budget) starts = split.lines.map((_, i) => i);
  let best: { start: number; score: number } | undefined;
  for (const start of starts.slice(0, budget)) {
    let total = 0;
    for (let j = 0; j < k; j++) total += similarity(needleLines[j]!, split.lines[start + j]);
    const score = total / k;
    if (!best || score > best.score) best = { start, score };
  }
  return best;
}

/** The longest words (3+ letters, digits or _) of old_text, each with the first line it is on. */
function anchorWords(needleLines: string[]): Array<{ word: string; j: number }> {
  const words = new Map<string, number>();
  needleLines.forEach((line, j) => {
    for (const word of line.match(/[\p{L}\p{N}_$]{3,}/gu) ?? []) if (!words.has(word)) words.set(word, j);
  });
  return [...words.entries()]
    .sort((a, b) => b[0].length - a[0].length)
    .slice(0, MAX_ANCHOR_WORDS)
    .map(([word, j]) => ({ word, j }));
}

function similarity(expected: string, actual: string | undefined): number {
  if (actual === undefined) return 0;
  const a = expected.trim().slice(0, SHOWN_CHARS);
  const b = actual.trim().slice(0, SHOWN_CHARS);
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/** `expected "  return a+b;" found "  return a + b;"`, cut around the first difference when long. */
function describeLine(expected: string, actual: string): string {
  let col = 0;
  while (col < expected.length && col < actual.length && expected[col] === actual[col]) col++;
  const what =
    expected.trim() === actual.trim()
      ? ' (only the whitespace at the ends differs)'
      : expected.replace(/\s+/g, '') === actual.replace(/\s+/g, '')
        ? ' (only whitespace differs)'
        : '';
  const from = Math.max(0, col - 60);
  const cut = (s: string) => (from > 0 ? '…' : '') + clip(s.slice(from), 160);
  return `expected ${quote(cut(expected))} found ${quote(cut(actual))}${what}`;
}

/** A line in quotes with invisible characters spelled out (tabs, non-breaking and other odd spaces). */
function quote(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\t/g, '\\t')
    .replace(/\r/g, '\\r')
    .replace(
      /[\u0000-\u0008\u000B-\u001F\u007F\u00A0\u1680\u2000-\u200F\u2028-\u202F\u205F-\u2064\u3000\uFEFF]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return `"${escaped}"`;
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** Models sometimes paste read_file's line-number gutter into old_text. */
function numberedHint(needleLines: string[]): string {
  const content = needleLines.filter((line) => line.trim() !== '');
  const numbered = content.length > 0 && content.every((line) => /^\s*\d+(\t|→|: |\| )/.test(line));
  return numbered
    ? 'old_text seems to start each line with a line number, as read_file shows them; leave the numbers out. '
    : '';
}

/** Numbered lines [from, to) of the file (0-based), as read_file shows them. */
function numbered(lines: string[], from: number, to: number): string[] {
  const out: string[] = [];
  const last = Math.min(to, lines.length, from + MAX_SHOWN_LINES);
  for (let i = from; i < last; i++) out.push(`${String(i + 1).padStart(6)}\t${clip(lines[i]!, SHOWN_CHARS)}`);
  if (to - from > MAX_SHOWN_LINES) out.push(`   ... (${to - from - MAX_SHOWN_LINES} more lines)`);
  return out;
}

const range = (from: number, count: number) =>
  count > 1 ? `lines ${from + 1}-${from + count}` : `line ${from + 1}`;

/** `4 spaces`, `2 tabs`, `no indentation`: a line's indentation in words. */
function indentWords(line: string): string {
  const indent = leadingWhitespace(line);
  if (indent === '') return 'no indentation';
  const tabs = [...indent].filter((c) => c === '\t').length;
  const spaces = indent.length - tabs;
  const part = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return [tabs > 0 ? part(tabs, 'tab') : '', spaces > 0 ? part(spaces, 'space') : '']
    .filter(Boolean)
    .join(' + ');
}

function depthWords(a: string, b: string): string {
  const width = (line: string) => leadingWhitespace(line).replace(/\t/g, '    ').length;
  const d = width(a) - width(b);
  return d === 0 ? 'at the same depth as' : d > 0 ? 'deeper than' : 'shallower than';
}

/**
 * old_text matched only ignoring indentation, nesting its lines differently from the file, in a file where
 * indentation is syntax: which two lines disagree, and the file's lines with their real indentation.
 */
export function describeStructureBreak(
  source: MatchText,
  needleLines: string[],
  brk: StructureBreak,
  display: string,
): string {
  const { lines } = source.lines;
  const k = needleLines.length;
  const out = [
    `old_text matches ${range(brk.line, k)} of ${display} only when indentation is ignored, and it nests lines differently from the file.`,
  ];
  if (brk.needleLine >= 0) {
    const [a, b] = [brk.needleLine, brk.against];
    const [na, nb] = [needleLines[a]!, needleLines[b]!];
    const [fa, fb] = [lines[brk.line + a]!, lines[brk.line + b]!];
    out.push(
      `In old_text, ${quote(clip(na.trim(), 80))} is ${depthWords(na, nb)} ${quote(clip(nb.trim(), 80))}; ` +
        `in the file, line ${brk.line + a + 1} (${indentWords(fa)}) is ${depthWords(fa, fb)} line ${brk.line + b + 1} (${indentWords(fb)}).`,
    );
  } else {
    out.push(
      "new_text's lines cannot be placed at the file's indentation keeping the nesting they were written with.",
    );
  }
  out.push(
    `Indentation is syntax in ${display}: the edit would move a line into or out of a block, so nothing was changed. The file's lines, with their real indentation:`,
    ...numbered(lines, brk.line, brk.line + k),
    'Send old_text copied from these lines with exactly this indentation, and indent new_text the way the file is indented.',
  );
  return out.join('\n');
}

/**
 * old_text matched a block only ignoring indentation, while another block, at old_text's own indentation,
 * differs from it in a word: name both, and what differs.
 */
export function describeNearTwin(
  source: MatchText,
  needleLines: string[],
  matchedLine: number,
  twin: { line: number; count: number },
  display: string,
): string {
  const { lines } = source.lines;
  const k = needleLines.length;
  const twinLine = twin.line;
  const n = twin.count;
  const how =
    n === k
      ? 'differ from it in a few characters'
      : `differ from it in a line or a few characters (${n} lines against old_text's ${k})`;
  const out = [
    `old_text matches ${range(matchedLine, k)} of ${display} only when indentation is ignored, but ${range(twinLine, n)} ` +
      `have old_text's exact indentation and ${how}. old_text looks like a stale copy of ${range(twinLine, n)} ` +
      `(changed since you read them), so the edit was not applied at ${range(matchedLine, k)}; nothing was changed.`,
    `${range(twinLine, n)} now:`.replace(/^l/, 'L'),
    ...numbered(lines, twinLine, twinLine + n),
  ];
  let shown = 0;
  // Line by line only when the lengths agree; otherwise the listing above shows the line gained or lost.
  for (let j = 0; j < k && n === k && shown < MAX_DIFFERENCES; j++) {
    const actual = lines[twinLine + j]!;
    if (actual === needleLines[j]) continue;
    out.push(`line ${twinLine + j + 1} differs: ${describeLine(needleLines[j]!, actual)}`);
    shown++;
  }
  out.push(
    `${range(matchedLine, k)} (matched ignoring indentation):`.replace(/^l/, 'L'),
    ...numbered(lines, matchedLine, matchedLine + k),
    `To change ${range(twinLine, n)}, send old_text copied from their current text; to change ${range(matchedLine, k)}, send old_text with their indentation.`,
  );
  return out.join('\n');
}
