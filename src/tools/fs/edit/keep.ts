import { type FoldedText, foldForMatch } from '../text-fold.js';

// A lenient match compares the file's text with the model's under a fold (trailing whitespace, indentation,
// Unicode spelling); the replacement must not turn the file's own text into the model's spelling where the
// model did not change it. These put the file's text back in the parts new_text shares with old_text.

/** Past this many line pairs the alignment is skipped (new_text is then used as placed). */
const MAX_ALIGNED_PAIRS = 1_000_000;

/**
 * `placed` (new_text after re-indenting, line for line with `modelNew`) with every line the model left
 * unchanged (equal in old_text and new_text, aligned by a longest common subsequence) taken from the file.
 */
export function keepUnchangedLines(
  needleLines: string[],
  fileLines: string[],
  modelNew: string,
  placed: string,
): string {
  const newLines = modelNew.split('\n');
  const out = placed.split('\n');
  const n = needleLines.length;
  const m = newLines.length;
  if (out.length !== m || n * m > MAX_ALIGNED_PAIRS) return placed;
  // lcs[i][j]: common lines of needleLines[i..] and newLines[j..], flattened.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[at(i, j)] =
        needleLines[i] === newLines[j]
          ? lcs[at(i + 1, j + 1)]! + 1
          : Math.max(lcs[at(i + 1, j)]!, lcs[at(i, j + 1)]!);
    }
  }
  let changed = false;
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (needleLines[i] === newLines[j]) {
      const file = fileLines[i];
      if (file !== undefined && out[j] !== file) {
        out[j] = file;
        changed = true;
      }
      i++;
      j++;
    } else if (lcs[at(i + 1, j)]! >= lcs[at(i, j + 1)]!) i++;
    else j++;
  }
  return changed ? out.join('\n') : placed;
}

/**
 * new_text for a match found under the Unicode fold, with the text it shares with old_text at its start
 * and end taken from the file: old_text `Loading…` (file) / `Loading...` (model) with new_text
 * `Loading... (see the FAQ)` becomes `Loading… (see the FAQ)`.
 */
export function keepFileText(
  original: string,
  fold: FoldedText,
  span: { start: number; end: number; foldedStart: number },
  needle: string,
  newText: string,
): string {
  let p = 0;
  while (p < needle.length && p < newText.length && needle[p] === newText[p]) p++;
  let q = 0;
  while (
    q < needle.length - p &&
    q < newText.length - p &&
    needle[needle.length - 1 - q] === newText[newText.length - 1 - q]
  ) {
    q++;
  }
  // Whole words only: keeping the file's opening quote of a string the model rewrote, but not its
  // closing one, would leave `say(“bye")`.
  while (p > 0 && !wordBoundary(needle, p)) p--;
  while (q > 0 && !wordBoundary(needle, needle.length - q)) q--;
  if (p === 0 && q === 0) return newText;
  const { folded, origin } = fold;
  const boundary = (i: number) => i === 0 || i === folded.length || origin[i] !== origin[i - 1];
  const foldedNeedle = foldForMatch(needle);
  let headEnd = span.start;
  let kept = 0;
  const head = foldForMatch(needle.slice(0, p));
  if (p > 0 && foldedNeedle.startsWith(head) && boundary(span.foldedStart + head.length)) {
    headEnd = origin[span.foldedStart + head.length]!;
    kept = p;
  }
  let tailStart = span.end;
  let keptTail = 0;
  const tail = foldForMatch(needle.slice(needle.length - q));
  const tailAt = span.foldedStart + foldedNeedle.length - tail.length;
  if (q > 0 && foldedNeedle.endsWith(tail) && boundary(tailAt) && origin[tailAt]! >= headEnd) {
    tailStart = origin[tailAt]!;
    keptTail = q;
  }
  return (
    original.slice(span.start, headEnd) +
    newText.slice(kept, newText.length - keptTail) +
    original.slice(tailStart, span.end)
  );
}

/** Whether offset `i` of `text` is at its ends or next to whitespace. */
function wordBoundary(text: string, i: number): boolean {
  return i === 0 || i === text.length || /\s/.test(text[i - 1]!) || /\s/.test(text[i]!);
}
