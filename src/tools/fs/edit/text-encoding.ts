import { isUtf8 } from 'node:buffer';

// Files are matched as BOM-less, LF-only text and written back with the bytes they had: the BOM is kept,
// and every byte outside the replaced spans is copied from the original buffer, so CRLF, lone-CR (classic
// Mac), mixed line endings and untouched lines survive byte for byte.

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
type Eol = '\n' | '\r\n';
const LONE_LF = /(?:^|[^\r])\n/;
/** Past this many line pairs a mixed-ending replacement takes one ending for all its lines. */
const MAX_ALIGNED_PAIRS = 1_000_000;

/** A decoded text file. */
export interface TextDoc {
  raw: Buffer;
  /** Bytes of the UTF-8 BOM at the start (0 or 3). */
  bomBytes: number;
  /** The text without the BOM, line endings as on disk. */
  orig: string;
  /**
   * `orig` with CRLF turned into LF, or in a lone-CR file every CR: what edits match against (the same
   * string when the file has LF endings only).
   */
  text: string;
  /** Whether `orig` has any CRLF. */
  crlf: boolean;
  /** Whether the file ends its lines with lone CRs (it has CRs and no LF at all): offsets are the same. */
  cr: boolean;
}

/** A replacement in `text` offsets (LF space), sorted and non-overlapping when applied. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** Decode a file for editing, or say why it is not editable text. */
export function decodeText(raw: Buffer): { doc: TextDoc } | { problem: string } {
  if (raw.length >= 2 && ((raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff))) {
    return { problem: 'it is UTF-16 text' };
  }
  if (raw.indexOf(0) !== -1) return { problem: 'it looks like a binary file (it contains NUL bytes)' };
  if (!isUtf8(raw)) return { problem: 'it is not valid UTF-8 (perhaps Latin-1 or another encoding)' };
  const bomBytes = raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0;
  const orig = raw.toString('utf8', bomBytes);
  const crlf = orig.includes('\r\n');
  const cr = !crlf && !orig.includes('\n') && orig.includes('\r');
  const text = crlf ? orig.replaceAll('\r\n', '\n') : cr ? orig.replaceAll('\r', '\n') : orig;
  return { doc: { raw, bomBytes, orig, text, crlf, cr } };
}

/** Text as the model gives it, with CRLF made LF to match the decoded file. */
export function toLF(value: string): string {
  return value.includes('\r\n') ? value.replaceAll('\r\n', '\n') : value;
}

/** Text for a lone-CR file as the model gives it: CRLF or lone CR made LF, like the decoded file. */
export function toLFFor(doc: TextDoc, value: string): string {
  const lf = toLF(value);
  return doc.cr && lf.includes('\r') ? lf.replaceAll('\r', '\n') : lf;
}

/**
 * The new file bytes: the original buffer between replacements, each replacement encoded with the line
 * ending of the line it lands on. One allocation the size of the result.
 */
export function encodeEdited(doc: TextDoc, replacements: Replacement[]): Buffer {
  const offsets = doc.crlf ? toOrigOffsets(doc.orig, replacements) : undefined;
  // Both CRLF and lone LF: every line of a replacement needs its own ending, not one for all.
  const mixed = doc.crlf && LONE_LF.test(doc.orig);
  const pieces: Buffer[] = [];
  let charAt = 0;
  let byteAt = doc.bomBytes;
  if (doc.bomBytes > 0) pieces.push(BOM);
  replacements.forEach((rep, i) => {
    const start = offsets ? offsets[2 * i]! : rep.start;
    const end = offsets ? offsets[2 * i + 1]! : rep.end;
    const startByte = byteAt + Buffer.byteLength(doc.orig.slice(charAt, start));
    pieces.push(doc.raw.subarray(byteAt, startByte));
    let text = rep.text;
    if (mixed) {
      const after = doc.orig.startsWith('\r\n', end) ? '\r\n' : doc.orig[end] === '\n' ? '\n' : undefined;
      text = withOwnEndings(doc.orig.slice(start, end), rep.text, eolAt(doc.orig, start), after);
    } else {
      const eol = doc.crlf ? eolAt(doc.orig, start) : doc.cr ? '\r' : '\n';
      if (eol !== '\n') text = text.replaceAll('\n', eol);
    }
    pieces.push(Buffer.from(text));
    byteAt = startByte + Buffer.byteLength(doc.orig.slice(start, end));
    charAt = end;
  });
  pieces.push(doc.raw.subarray(byteAt));
  return Buffer.concat(pieces);
}

/** Map LF-space offsets (start, end of each replacement, ascending) to offsets in the CRLF original. */
function toOrigOffsets(orig: string, replacements: Replacement[]): number[] {
  const out: number[] = [];
  let removed = 0; // CRs dropped before the current position
  let crlf = orig.indexOf('\r\n');
  for (const rep of replacements) {
    for (const target of [rep.start, rep.end]) {
      // A CRLF whose LF sits before `target` in LF space lies wholly before it in the original.
      while (crlf !== -1 && crlf - removed < target) {
        removed++;
        crlf = orig.indexOf('\r\n', crlf + 2);
      }
      out.push(target + removed);
    }
  }
  return out;
}

/** The line ending of the line at `offset` (its own, else the previous line's), for new text placed there. */
function eolAt(orig: string, offset: number): Eol {
  let nl = orig.indexOf('\n', offset);
  if (nl === -1) nl = orig.lastIndexOf('\n', offset - 1);
  return nl > 0 && orig[nl - 1] === '\r' ? '\r\n' : '\n';
}

/**
 * A replacement for `span` (the original text, mixed line endings) with each line's ending chosen: a line
 * new_text leaves unchanged (aligned by a longest common subsequence) keeps its own, a rewritten line takes
 * the one of the line it replaces (the same position among the lines changed between two unchanged ones),
 * and lines beyond those take `fallback`. `after`: the ending that follows the span (the last line's own).
 */
function withOwnEndings(span: string, text: string, fallback: Eol, after: Eol | undefined): string {
  const old = span.split('\n');
  // The ending of each line of the span; the last line's is the one after the span, if any.
  const endings = old.slice(0, -1).map((line): Eol => (line.endsWith('\r') ? '\r\n' : '\n'));
  if (after) endings.push(after);
  const oldLines = old.map((line, i) =>
    i < old.length - 1 && line.endsWith('\r') ? line.slice(0, -1) : line,
  );
  const newLines = text.split('\n');
  const n = oldLines.length;
  const m = newLines.length;
  if (n * m > MAX_ALIGNED_PAIRS) return text.replaceAll('\n', fallback);
  // lcs[i][j]: common lines of oldLines[i..] and newLines[j..], flattened.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[at(i, j)] =
        oldLines[i] === newLines[j]
          ? lcs[at(i + 1, j + 1)]! + 1
          : Math.max(lcs[at(i + 1, j)]!, lcs[at(i, j + 1)]!);
    }
  }
  // source[j]: the old line whose ending new line j takes, or -1.
  const source = new Int32Array(m).fill(-1);
  let gapOld = 0;
  let gapNew = 0;
  const closeGap = (i: number, j: number) => {
    for (let t = gapNew; t < j; t++) if (gapOld + (t - gapNew) < i) source[t] = gapOld + (t - gapNew);
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (oldLines[i] === newLines[j]) {
      closeGap(i, j);
      source[j] = i;
      i++;
      j++;
      gapOld = i;
      gapNew = j;
    } else if (lcs[at(i + 1, j)]! >= lcs[at(i, j + 1)]!) i++;
    else j++;
  }
  closeGap(n, m);
  let out = newLines[0]!;
  for (let t = 1; t < m; t++) out += (endings[source[t - 1]!] ?? fallback) + newLines[t];
  return out;
}
