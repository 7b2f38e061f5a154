import { isUtf8 } from 'node:buffer';

// Files are matched as BOM-less, LF-only text and written back with the bytes they had: the BOM is kept,
// and every byte outside the replaced spans is copied from the original buffer, so CRLF, lone-CR (classic
// Mac), mixed line endings and untouched lines survive byte for byte.

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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
  const pieces: Buffer[] = [];
  let charAt = 0;
  let byteAt = doc.bomBytes;
  if (doc.bomBytes > 0) pieces.push(BOM);
  replacements.forEach((rep, i) => {
    const start = offsets ? offsets[2 * i]! : rep.start;
    const end = offsets ? offsets[2 * i + 1]! : rep.end;
    const startByte = byteAt + Buffer.byteLength(doc.orig.slice(charAt, start));
    pieces.push(doc.raw.subarray(byteAt, startByte));
    const eol = doc.crlf ? eolAt(doc.orig, start) : doc.cr ? '\r' : '\n';
    pieces.push(Buffer.from(eol === '\n' ? rep.text : rep.text.replaceAll('\n', eol)));
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
function eolAt(orig: string, offset: number): '\n' | '\r\n' {
  let nl = orig.indexOf('\n', offset);
  if (nl === -1) nl = orig.lastIndexOf('\n', offset - 1);
  return nl > 0 && orig[nl - 1] === '\r' ? '\r\n' : '\n';
}
