// Text arithmetic the case generators share: finding blocks and their line numbers, moving a block's
// indentation the way models drift it, changing line endings, and writing Codex-format patches.
// Plain JavaScript so that bench/edit-corpus.js (node, no build step) and the vitest test load the same cases.

/** How many times `needle` occurs in `text` (overlapping occurrences count). */
export function count(text, needle) {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) n++;
  return n;
}

/** The index of the one occurrence of `needle`, or an error naming the fixture problem. */
export function uniqueIndex(text, needle, what = 'block') {
  const n = count(text, needle);
  if (n !== 1) throw new Error(`corpus: ${what} occurs ${n} times, not once: ${JSON.stringify(needle)}`);
  return text.indexOf(needle);
}

/** 1-based line number of a character offset. */
export function lineAt(text, index) {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** 1-based line of the one occurrence of `block`. */
export function lineOf(text, block) {
  return lineAt(text, uniqueIndex(text, block));
}

/** 1-based lines of every occurrence of `block`. */
export function linesOf(text, block) {
  const out = [];
  for (let at = text.indexOf(block); at !== -1; at = text.indexOf(block, at + 1)) out.push(lineAt(text, at));
  return out;
}

/** `text` with the one occurrence of `from` replaced by `to`. */
export function replaceOnce(text, from, to) {
  const at = uniqueIndex(text, from);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

const leading = (line) => line.slice(0, line.length - line.trimStart().length);
const isBlank = (line) => line.trim() === '';

/** Apply `fn` to the leading whitespace of every non-blank line. */
function mapIndent(block, fn) {
  return block
    .split('\n')
    .map((line) => (isBlank(line) ? line : fn(leading(line)) + line.trimStart()))
    .join('\n');
}

/** The smallest leading whitespace of the block's non-blank lines. */
export function baseIndent(block) {
  const indents = block
    .split('\n')
    .filter((line) => !isBlank(line))
    .map(leading);
  return indents.reduce((a, b) => (b.length < a.length ? b : a), indents[0] ?? '');
}

/** The block one indentation unit deeper. */
export function indentMore(block, unit) {
  return mapIndent(block, (indent) => unit + indent);
}

/**
 * The block re-written from one indentation unit to another (tabs to four spaces, four spaces to two),
 * or undefined when some line's indentation is not a whole number of units.
 */
export function convertUnit(block, from, to) {
  let ok = true;
  const out = mapIndent(block, (indent) => {
    if (indent.length % from.length !== 0 || indent !== from.repeat(indent.length / from.length)) ok = false;
    return to.repeat(indent.length / from.length);
  });
  return ok ? out : undefined;
}

/** The whole file re-indented from one unit to another (a formatter run), lines that do not fit left alone. */
export function reformat(text, from, to) {
  return text
    .split('\n')
    .map((line) => convertUnit(line, from, to) ?? line)
    .join('\n');
}

export const toCRLF = (text) => text.replaceAll('\n', '\r\n');
export const toCR = (text) => text.replaceAll('\n', '\r');
export const BOM = '\uFEFF';

/** Add `ws` at the end of the `nth` non-blank line of `block` (0-based; negative counts from the end). */
export function withTrailing(block, nth, ws = '  ') {
  const lines = block.split('\n');
  const content = lines.map((line, i) => (isBlank(line) ? -1 : i)).filter((i) => i >= 0);
  const i = content.at(nth);
  lines[i] += ws;
  return lines.join('\n');
}

/** The block with `base` removed from the front of every line that starts with it (other lines untouched). */
export function stripBase(block, base) {
  return mapIndent(block, (indent) => (indent.startsWith(base) ? indent.slice(base.length) : indent));
}

/** Whether every non-blank line of the block starts with `base`. */
export const allStartWith = (block, base) =>
  block
    .split('\n')
    .filter((line) => !isBlank(line))
    .every((line) => line.startsWith(base));

/**
 * The nearest line above `block` that is indented less than its first line (an @@ anchor): its trimmed text
 * and 0-based index, or undefined.
 */
export function headerAbove(text, block) {
  const lines = text.split('\n');
  const first = lineOf(text, block) - 1;
  const width = leading(lines[first]).length;
  for (let i = first - 1; i >= 0; i--) {
    if (!isBlank(lines[i]) && leading(lines[i]).length < width) return { text: lines[i].trim(), index: i };
  }
  return undefined;
}

/** The whole lines of `text` around the occurrence of `fragment` starting at `at` (a fragment widened to lines). */
export function linesAround(text, at, length) {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  let end = text.indexOf('\n', at + length);
  if (end === -1) end = text.length;
  return text.slice(start, end);
}
