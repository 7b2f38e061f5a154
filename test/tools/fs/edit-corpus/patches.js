// Writing apply_patch hunks the way models write them, and the reference rule for where a hunk with weak
// context must land: the strictest matching view that finds the hunk decides; more than one place in that
// view is ambiguous (refused); without an @@ line the whole file is searched, not only after the previous hunk.
import { lineAt, uniqueIndex } from './text.js';

/** Check that `block` covers whole lines of `text` and return its first line (0-based) and length. */
function wholeLines(text, block) {
  const at = uniqueIndex(text, block);
  const end = at + block.length;
  const startsLine = at === 0 || text[at - 1] === '\n';
  const endsLine = block.endsWith('\n') || end === text.length || text[end] === '\n';
  if (!startsLine || !endsLine) throw new Error(`corpus: block is not whole lines: ${JSON.stringify(block)}`);
  return { first: lineAt(text, at) - 1, count: block.replace(/\n$/, '').split('\n').length };
}

const splitLines = (text) => text.replace(/\n$/, '').split('\n');

/**
 * One hunk replacing `oldBlock` (whole lines of `text`) by `newBlock`: lines both share at the edges become
 * context, then `context` more lines of the file on each side. `shape(line)` rewrites every line the hunk
 * carries (the model's indentation); the file itself is not touched.
 */
export function hunkFor(
  text,
  oldBlock,
  newBlock,
  { context = 3, anchor, shape = (l) => l, after: anchorIndex = -1 } = {},
) {
  const lines = splitLines(text);
  const { first, count: n } = wholeLines(text, oldBlock);
  const removed = splitLines(oldBlock);
  const added = splitLines(newBlock);
  let prefix = 0;
  while (prefix < removed.length && prefix < added.length && removed[prefix] === added[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < removed.length - prefix &&
    suffix < added.length - prefix &&
    removed[removed.length - 1 - suffix] === added[added.length - 1 - suffix]
  )
    suffix++;
  // The shared edge lines are file lines too: `context` lines of the file on each side of the change, none
  // at or above line `after` (0-based; the @@ line, which the hunk's lines must follow).
  const before = lines.slice(Math.max(0, anchorIndex + 1, first + prefix - context), first + prefix);
  const after = lines.slice(first + n - suffix, Math.min(lines.length, first + n - suffix + context));
  const out = [anchor === undefined ? '@@' : `@@ ${anchor}`];
  for (const line of before) out.push(` ${shape(line)}`);
  for (const line of removed.slice(prefix, removed.length - suffix)) out.push(`-${shape(line)}`);
  for (const line of added.slice(prefix, added.length - suffix)) out.push(`+${shape(line)}`);
  for (const line of after) out.push(` ${shape(line)}`);
  return out;
}

/** A hunk straight from a model's own old and new text (no file context), shared edge lines as context. */
export function hunkFromModel(oldBlock, newBlock, anchor) {
  const removed = splitLines(oldBlock);
  const added = splitLines(newBlock);
  let prefix = 0;
  while (prefix < removed.length && prefix < added.length && removed[prefix] === added[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < removed.length - prefix &&
    suffix < added.length - prefix &&
    removed[removed.length - 1 - suffix] === added[added.length - 1 - suffix]
  )
    suffix++;
  return [
    anchor === undefined ? '@@' : `@@ ${anchor}`,
    ...removed.slice(0, prefix).map((l) => ` ${l}`),
    ...removed.slice(prefix, removed.length - suffix).map((l) => `-${l}`),
    ...added.slice(prefix, added.length - suffix).map((l) => `+${l}`),
    ...removed.slice(removed.length - suffix).map((l) => ` ${l}`),
  ];
}

/** A whole apply_patch argument updating one file with the given hunks (arrays of lines). */
export function patchOf(file, hunks) {
  return ['*** Begin Patch', `*** Update File: ${file}`, ...hunks.flat(), '*** End Patch'].join('\n');
}

const FOLD = /[\u2010-\u2015\u2212\u2018-\u201f\u00a0\u2002-\u200a\u202f\u205f\u3000]/g;
const foldChar = (c) =>
  '\u2018\u2019\u201a\u201b'.includes(c)
    ? "'"
    : '\u201c\u201d\u201e\u201f'.includes(c)
      ? '"'
      : /\s/.test(c)
        ? ' '
        : '-';

/** The loosest view of a line a lenient matcher could use: trimmed, NFKC, punctuation folded to ASCII. */
export const loose = (line) => line.normalize('NFKC').replace(FOLD, foldChar).trim();

/** The views a lenient matcher tries, strictest first. */
const VIEWS = [(l) => l, (l) => l.trimEnd(), (l) => l.trim(), loose];

/** 0-based starts where `pattern` matches `lines` at or after `from`, in the strictest view that finds any. */
export function matchesInStrictestView(lines, pattern, from = 0) {
  for (const view of VIEWS) {
    const have = lines.map(view);
    const want = pattern.map(view);
    const found = [];
    for (let i = from; i + want.length <= have.length; i++) {
      if (want.every((w, k) => have[i + k] === w)) found.push(i);
    }
    if (found.length > 0) return found;
  }
  return [];
}

/** 1-based lines where `pattern` (lines) matches `text` under the loosest view: where a lenient pass could land. */
export function looseMatches(text, pattern) {
  const have = splitLines(text).map(loose);
  const want = pattern.map(loose);
  const out = [];
  for (let i = 0; i + want.length <= have.length; i++) {
    if (want.every((w, k) => have[i + k] === w)) out.push(i + 1);
  }
  return out;
}

/**
 * What the reference rule expects of a patch on `text` made of `hunks` whose lines need no re-indenting:
 * `{ file }` (context lines kept from the file, added lines as written) or `{ refuse: true, lines }` naming
 * every place the ambiguous hunk matched.
 */
export function expectPatch(text, hunks) {
  const lines = splitLines(text);
  let cursor = 0;
  const placed = [];
  for (const hunk of hunks) {
    const header = hunk[0];
    const body = hunk.slice(1);
    const expected = body.filter((l) => l[0] !== '+').map((l) => l.slice(1));
    let from = 0;
    if (header.length > 2) {
      const anchor = loose(header.slice(3));
      const at = lines.findIndex((line, i) => i >= cursor && loose(line).includes(anchor));
      if (at < 0) throw new Error(`corpus: @@ line not in the file: ${header}`);
      from = at + 1;
    }
    const found = matchesInStrictestView(lines, expected, from);
    if (found.length === 0) throw new Error(`corpus: hunk matches nowhere: ${JSON.stringify(hunk)}`);
    if (found.length > 1) return { refuse: true, lines: found.map((i) => i + 1) };
    if (found[0] < cursor) throw new Error('corpus: hunks out of file order');
    placed.push({ at: found[0], body });
    cursor = found[0] + expected.length;
  }
  const out = [];
  let k = 0;
  for (const { at, body } of placed) {
    while (k < at) out.push(lines[k++]);
    for (const line of body) {
      if (line[0] === '+') out.push(line.slice(1));
      else if (line[0] === ' ') out.push(lines[k++]);
      else k++;
    }
  }
  while (k < lines.length) out.push(lines[k++]);
  return { file: `${out.join('\n')}\n` };
}

/** The lines a hunk expects to find in the file (context and removed lines), without their markers. */
export const hunkOldLines = (hunk) =>
  hunk
    .slice(1)
    .filter((l) => l[0] !== '+')
    .map((l) => l.slice(1));
