import type { FileHandle } from 'node:fs/promises';

const CHUNK = 64 * 1024;
const LF = 0x0a;
const CR = 0x0d;
/** One checkpoint per this many lines in a file's sparse line index. */
export const INDEX_STRIDE = 16_384;

/** Sparse line index of one file version: line number → byte offset where that line starts. */
export interface LineIndex {
  checkpoints: Map<number, number>;
  /** Lines in the file, once a full scan has counted them. */
  totalLines?: number;
}

export interface PageRequest {
  /** 1-based first line. */
  offset: number;
  limit: number;
  maxLineChars: number;
  /** Budget for the formatted page (line numbers, tabs and newlines included). */
  maxBytes: number;
  /** Keep scanning after the page to count the file's lines. */
  countTotal: boolean;
  index: LineIndex;
  /** Lines end with a lone CR (a file with no LF at all), not LF. */
  loneCr?: boolean;
}

export interface Page {
  lines: string[];
  /** Line number of lines[0] (1-based). */
  firstLine: number;
  totalLines?: number;
  /** The byte budget ended the page before `limit` lines. */
  stoppedByBytes: boolean;
  /** Lines in the page cut at maxLineChars, with their full lengths. */
  cutLines: number;
  crlf: boolean;
}

/**
 * Read one page of numbered lines by streaming the file in 64 KiB chunks: memory is bounded by the page,
 * never by the file. Lines before the page are only counted (Buffer.indexOf of '\n'); a sparse index of
 * line offsets, kept per file version, lets the next page start near where this one ended.
 */
export async function readPage(handle: FileHandle, req: PageRequest): Promise<Page> {
  const { index } = req;
  let line = 1;
  let pos = 0;
  for (const [checkpointLine, byte] of index.checkpoints) {
    if (checkpointLine <= req.offset && checkpointLine > line) {
      line = checkpointLine;
      pos = byte;
    }
  }
  const last = req.offset + req.limit - 1;
  const maxLineBytes = req.maxLineChars * 4;
  const lines: string[] = [];
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let lineBytes = 0;
  /** Bytes since the last newline, whether or not the line is in the page. */
  let sinceNewline = 0;
  let pageBytes = 0;
  let pageFull = false;
  let stoppedByBytes = false;
  let cutLines = 0;
  let crlf = false;
  const buf = Buffer.allocUnsafe(CHUNK);

  const finishLine = () => {
    let data = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, pieceBytes);
    if (line === 1 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
    let text = data.toString('utf8');
    if (!req.loneCr && lineBytes <= maxLineBytes && text.endsWith('\r')) {
      text = text.slice(0, -1);
      crlf = true;
    }
    if (lineBytes > maxLineBytes || text.length > req.maxLineChars) {
      text = `${text.slice(0, req.maxLineChars)}… [line cut at ${req.maxLineChars} characters]`;
      cutLines++;
    }
    const formatted = Buffer.byteLength(text) + 8;
    if (lines.length > 0 && pageBytes + formatted > req.maxBytes) {
      pageFull = true;
      stoppedByBytes = true;
      return;
    }
    pageBytes += formatted;
    lines.push(text);
    if (line >= last) pageFull = true;
  };

  let done = false;
  while (!done) {
    const { bytesRead } = await handle.read(buf, 0, CHUNK, pos);
    if (bytesRead === 0) break;
    let start = 0;
    while (start < bytesRead) {
      const nl = buf.indexOf(req.loneCr ? CR : LF, start);
      const end = nl === -1 || nl >= bytesRead ? bytesRead : nl;
      const inPage = !pageFull && line >= req.offset;
      if (inPage) {
        const room = maxLineBytes + 1 - pieceBytes;
        if (room > 0) {
          const piece = Buffer.from(buf.subarray(start, Math.min(end, start + room)));
          pieces.push(piece);
          pieceBytes += piece.length;
        }
        lineBytes += end - start;
      }
      sinceNewline += end - start;
      if (end === bytesRead) break; // the line continues in the next chunk
      if (inPage) finishLine();
      pieces = [];
      pieceBytes = 0;
      lineBytes = 0;
      sinceNewline = 0;
      line++;
      if ((line - 1) % INDEX_STRIDE === 0) index.checkpoints.set(line, pos + nl + 1);
      start = nl + 1;
      if (pageFull && !req.countTotal) {
        done = true;
        break;
      }
    }
    pos += bytesRead;
  }
  // A last line without a final newline is still a line.
  const endedMidLine = sinceNewline > 0;
  if (!done && endedMidLine && !pageFull && line >= req.offset) finishLine();
  const page: Page = { lines, firstLine: req.offset, stoppedByBytes, cutLines, crlf };
  if (!done) {
    index.totalLines = endedMidLine ? line : line - 1;
    page.totalLines = index.totalLines;
  } else if (index.totalLines !== undefined) page.totalLines = index.totalLines;
  return page;
}
