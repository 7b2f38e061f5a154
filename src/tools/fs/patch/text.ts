import { isUtf8 } from 'node:buffer';

/** A text file as lines, with what is needed to write it back the way it was. */
export interface TextDoc {
  /** The file's bytes. */
  data: Buffer;
  /** Lines without their line endings. */
  lines: string[];
  /** Each line's own ending ('\n', '\r\n', '\r' in a classic-Mac file, or '' for a last line without one). */
  eols: string[];
  /** Byte offset in `data` where each line starts, plus the file's length at the end. */
  starts: number[];
  /** The file's dominant line ending: what new lines get. */
  eol: '\n' | '\r\n' | '\r';
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Why a file cannot be edited as text, or undefined. */
export function textProblem(data: Buffer): string | undefined {
  if (data.includes(0)) return 'it looks binary (it contains NUL bytes)';
  if (!isUtf8(data)) return 'it is not valid UTF-8 text';
  return undefined;
}

/**
 * Split a (UTF-8, already validated) file into lines, remembering each line's ending and byte offset. Lines
 * end with LF or CRLF; in a file without any LF (classic Mac), with a lone CR.
 */
export function decodeText(data: Buffer): TextDoc {
  const bom = data.length >= 3 && data.subarray(0, 3).equals(BOM) ? 3 : 0;
  const text = data.toString('utf8', bom);
  const loneCr = !text.includes('\n') && text.includes('\r');
  const lineBreak = loneCr ? '\r' : '\n';
  const lines = text.split(lineBreak);
  const ended = lines.at(-1) === '';
  if (ended) lines.pop();
  const n = lines.length;
  const eols: string[] = new Array(n).fill(lineBreak);
  if (!ended && n > 0) eols[n - 1] = '';
  let crlf = 0;
  if (!loneCr && text.includes('\r')) {
    for (let i = 0; i < n; i++) {
      if (eols[i] !== '' && lines[i]!.endsWith('\r')) {
        lines[i] = lines[i]!.slice(0, -1);
        eols[i] = '\r\n';
        crlf++;
      }
    }
  }
  const starts: number[] = new Array(n + 1);
  const breakByte = loneCr ? 13 : 10;
  for (let i = 0, at = bom; i < n; i++) {
    starts[i] = at;
    at = data.indexOf(breakByte, at) + 1;
  }
  starts[n] = data.length;
  if (loneCr) return { data, lines, eols, starts, eol: '\r' };
  const lf = n - crlf - (ended ? 0 : 1);
  return { data, lines, eols, starts, eol: crlf > lf ? '\r\n' : '\n' };
}

/**
 * Builds a new version of a document: runs of original lines are copied as bytes (untouched lines stay
 * byte-identical and cost no re-encoding), new lines are encoded. A last line that had no newline gets one.
 */
export class TextBuilder {
  private readonly pieces: Array<Buffer | string> = [];
  private text = '';

  constructor(private readonly doc: TextDoc) {
    const bom = doc.starts[0] ?? 0;
    if (bom > 0) this.pieces.push(doc.data.subarray(0, bom));
  }

  /** Original lines [from, to). */
  copy(from: number, to: number): void {
    if (to <= from) return;
    this.flush();
    this.pieces.push(this.doc.data.subarray(this.doc.starts[from], this.doc.starts[to]));
    if (this.doc.eols[to - 1] === '') this.text += this.doc.eol;
  }

  add(line: string, eol: string): void {
    this.text += line + eol;
  }

  toBuffer(): Buffer {
    this.flush();
    return Buffer.concat(
      this.pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)),
    );
  }

  private flush(): void {
    if (this.text === '') return;
    this.pieces.push(this.text);
    this.text = '';
  }
}
