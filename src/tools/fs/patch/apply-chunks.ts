import { indentationSignificant } from '../text-fold.js';
import { anchorScopes, type Scope } from './anchors.js';
import { inFileStyle } from './indent-style.js';
import {
  ambiguous,
  ambiguousAnchor,
  likelyStale,
  linesNotFound,
  nestedDifferently,
  outOfOrder,
  outsideBlocks,
} from './refusals.js';
import { fitIndentation, reindentAdded } from './reindent.js';
import { type FoundAll, LineIndex, PASSES, type Pass } from './seek.js';
import { staleOriginal } from './stale-twin.js';
import { TextBuilder, type TextDoc } from './text.js';
import { type ChunkLine, oldLines, type UpdateChunk } from './types.js';

/** Where one hunk matched, and how: what the result reports for every hunk. */
export interface HunkMatch {
  /** 1-based, in the file's order of the update's hunks. */
  hunk: number;
  /** 1-based line of the file where the hunk's lines start (for a pure addition, where they were added). */
  line: number;
  pass: Pass;
  /** Added lines were re-indented to the file's indentation. */
  reindented: boolean;
}

export interface AppliedChunks {
  data: Buffer;
  hunks: HunkMatch[];
}

interface Replacement {
  start: number;
  /** Lines of the file the chunk covers. */
  length: number;
  lines: ChunkLine[];
}

/**
 * Apply an update's chunks to a document and return the new bytes with where and how each chunk matched.
 * Each chunk's lines are looked for in the strictest pass that finds them: under its `@@` lines when it has
 * them (inside the block they open, see anchors.ts), else over the whole file. They must match in exactly
 * one place, at or after the previous chunk; more than one place is ambiguous, and refused. All chunks are
 * matched against the original lines, then the new file is built in one pass. Untouched and context lines
 * keep the file's own bytes (a loose match never rewrites them); added lines take the file's indentation
 * when the match ignored indentation, the block's tabs or spaces, and the line ending of the line they
 * replace, else the file's dominant one. `filePath` decides whether the file's indentation is syntax.
 * Throws a ToolError naming the chunk and the closest candidate.
 */
export function applyChunks(
  doc: TextDoc,
  chunks: readonly UpdateChunk[],
  label: string,
  filePath: string = label,
): AppliedChunks {
  const file: FileView = { doc, index: new LineIndex(doc.lines), filePath };
  const replacements: Replacement[] = [];
  const hunks: HunkMatch[] = [];
  let cursor = 0;
  chunks.forEach((chunk, c) => {
    const where = `${label} (hunk ${c + 1} of ${chunks.length})`;
    const lines = trailingBlanksOnly(chunk.lines)
      ? chunk.lines.filter((line) => line.op === '+')
      : chunk.lines;
    const pureAddition = !lines.some((line) => line.op !== '+');
    const contexts = chunk.context === undefined ? [] : [chunk.context, ...(chunk.nestedContexts ?? [])];
    // Without an @@ line the whole file is searched (the place must still come after the previous hunk).
    const scopes =
      contexts.length > 0
        ? anchorScopes(file.index, contexts, cursor, pureAddition, where)
        : [{ header: -1, from: 0, to: doc.lines.length, block: false }];
    if (pureAddition) {
      // Pure addition: after its context line, else at the end (before a final blank line, as Codex does).
      if (scopes.length > 1) throw ambiguousAnchor(file.index, contexts.at(-1)!, where, scopes);
      const n = doc.lines.length;
      const start =
        contexts.length > 0 && !chunk.endOfFile
          ? scopes[0]!.from
          : n > 0 && doc.lines[n - 1] === ''
            ? n - 1
            : n;
      if (contexts.length > 0) cursor = scopes[0]!.from;
      replacements.push({ start, length: 0, lines });
      hunks.push({ hunk: c + 1, line: start + 1, pass: 'exact', reindented: false });
      return;
    }
    const placed = place(file, chunk, lines, { scopes, cursor, where });
    const fitted = fitToFile(file, placed, where);
    const styled = inFileStyle(fitted.lines, doc.lines, placed.start, placed.expected.length, filePath);
    replacements.push({ start: placed.start, length: placed.expected.length, lines: styled.lines });
    hunks.push({
      hunk: c + 1,
      line: placed.start + 1,
      pass: placed.pass,
      reindented: fitted.reindented || styled.restyled,
    });
    cursor = placed.start + placed.expected.length;
  });
  return { data: rebuild(doc, replacements), hunks };
}

interface FileView {
  doc: TextDoc;
  index: LineIndex;
  filePath: string;
  significant?: boolean;
}

/** A chunk's one place in the file. */
interface Placed {
  start: number;
  pass: Pass;
  /** The chunk's lines (without trailing blank lines that stood for the final newline). */
  lines: ChunkLine[];
  /** Its context and removed lines. */
  expected: string[];
}

/**
 * Find the chunk's lines in the strictest pass that finds them in its scopes. Unanchored, or under an `@@`
 * line that opens no block, they must match one place at or after the scope's start (and after where the
 * previous chunk ended, `cursor`). Under `@@` lines that open blocks they must start inside one of those
 * blocks, in one place, and no stricter match may sit outside them: the `@@` line and the lines would then
 * point at different places.
 */
function place(
  file: FileView,
  chunk: UpdateChunk,
  chunkLines: ChunkLine[],
  at: { scopes: readonly Scope[]; cursor: number; where: string },
): Placed {
  const { index } = file;
  const anchored = chunk.context !== undefined;
  const from = at.scopes[0]!.from;
  let lines = chunkLines;
  let found = index.findAll(expectedOf(lines), from, chunk.endOfFile);
  // Trailing empty lines in a chunk often stand for the file's final newline: retry without them.
  for (
    let shorter = withoutTrailingBlank(lines);
    !found && shorter;
    shorter = withoutTrailingBlank(shorter)
  ) {
    found = index.findAll(expectedOf(shorter), from, chunk.endOfFile);
    if (found) lines = shorter;
  }
  if (!found) {
    const opts = { from: anchored ? from : at.cursor, endOfFile: chunk.endOfFile, anchored };
    throw linesNotFound(index, oldLines(chunk), at.where, opts);
  }
  const expected = expectedOf(lines);
  if (at.scopes.some((scope) => scope.block)) {
    const inside = insideBlocks(index, expected, at.scopes, chunk.endOfFile);
    if (!inside || PASSES.indexOf(inside.pass) > PASSES.indexOf(found.pass)) {
      const context = (chunk.nestedContexts ?? []).at(-1) ?? chunk.context!;
      throw outsideBlocks(index, expected, at.where, { context, scopes: at.scopes, found, inside });
    }
    if (inside.positions.length > 1) throw ambiguous(index, expected, at.where, inside, true);
    return { start: inside.positions[0]!, pass: inside.pass, lines, expected };
  }
  if (found.positions.length > 1) throw ambiguous(index, expected, at.where, found);
  const start = found.positions[0]!;
  if (start < at.cursor) throw outOfOrder(expected, at.where, start, anchored);
  return { start, pass: found.pass, lines, expected };
}

/** The places inside the scopes' blocks, in the strictest pass that finds any there. */
function insideBlocks(
  index: LineIndex,
  expected: readonly string[],
  scopes: readonly Scope[],
  endOfFile: boolean,
): FoundAll | undefined {
  let best: FoundAll | undefined;
  for (const scope of scopes) {
    const found = index.findAll(expected, scope.from, endOfFile, undefined, scope.to);
    if (!found) continue;
    const rank = PASSES.indexOf(found.pass);
    if (!best || rank < PASSES.indexOf(best.pass))
      best = { positions: [...found.positions], pass: found.pass };
    else if (rank === PASSES.indexOf(best.pass)) best.positions.push(...found.positions);
  }
  if (best) best.positions = [...new Set(best.positions)].sort((a, b) => a - b);
  return best;
}

/**
 * After a match that ignored indentation: refuse when another block has the hunk's own indentation and
 * nearly its text (the match is its twin), or when the hunk nests lines differently from an
 * indentation-significant file; else give the added lines the file's indentation.
 */
function fitToFile(
  file: FileView,
  placed: Placed,
  where: string,
): { lines: ChunkLine[]; reindented: boolean } {
  const { start, pass, expected } = placed;
  const { lines } = placed;
  if (pass !== 'indentation' && pass !== 'unicode') return { lines, reindented: false };
  const fit = fitIndentation(expected, file.doc.lines.slice(start, start + expected.length));
  if (!fit.differs) return { lines, reindented: false };
  const stale = staleOriginal(file.index, expected, start);
  if (stale) throw likelyStale(file.index, expected, where, { start, pass }, stale);
  file.significant ??= indentationSignificant(file.filePath, file.doc.lines.join('\n'));
  if (!fit.shift && file.significant)
    throw nestedDifferently(file.index, expected, where, start, fit.misfits);
  const shifted = reindentAdded(lines, fit);
  return { lines: shifted, reindented: shifted.some((line, k) => line.text !== lines[k]!.text) };
}

/** A chunk's context and removed lines: what it expects to find. */
const expectedOf = (lines: readonly ChunkLine[]) =>
  lines.filter((line) => line.op !== '+').map((line) => line.text);

/**
 * Additions followed only by blank expected lines (blank lines before the next header): the blanks would
 * match the first blank line anywhere in the file, so the chunk is read as a pure addition.
 */
function trailingBlanksOnly(lines: readonly ChunkLine[]): boolean {
  const firstOld = lines.findIndex((line) => line.op !== '+');
  if (firstOld <= 0) return false;
  return lines.slice(firstOld).every((line) => line.op === ' ' && line.text.trim() === '');
}

/** The chunk without its last expected line when that line is empty and only additions follow it. */
function withoutTrailingBlank(lines: ChunkLine[]): ChunkLine[] | undefined {
  const last = lines.findLastIndex((line) => line.op !== '+');
  if (last < 0 || lines[last]!.text.trim() !== '') return undefined;
  const shorter = lines.filter((_, i) => i !== last);
  return shorter.some((line) => line.op !== '+') ? shorter : undefined;
}

function rebuild(doc: TextDoc, replacements: Replacement[]): Buffer {
  // Stable: an insertion at a position stays before a replacement that starts there.
  replacements.sort((a, b) => a.start - b.start);
  const out = new TextBuilder(doc);
  let at = 0;
  for (const r of replacements) {
    out.copy(at, r.start);
    at = Math.max(at, r.start);
    const addedEols = replacedEols(doc, r);
    let k = r.start;
    r.lines.forEach((line, j) => {
      if (line.op === '+') out.add(line.text, addedEols[j]!);
      else {
        if (line.op === ' ' && k >= at) out.copy(k, k + 1);
        k++;
      }
    });
    at = Math.max(at, r.start + r.length);
  }
  out.copy(at, doc.lines.length);
  return out.toBuffer();
}

/**
 * The line ending of each added line: in a run of removed and added lines, that of the first removed line
 * (a replaced line keeps its ending in a mixed file), else the file's dominant one.
 */
function replacedEols(doc: TextDoc, r: Replacement): string[] {
  const out: string[] = new Array(r.lines.length);
  let k = r.start;
  let runStart = 0;
  let runEol: string | undefined;
  const close = (end: number) => {
    for (let j = runStart; j < end; j++) if (r.lines[j]!.op === '+') out[j] = runEol || doc.eol;
  };
  r.lines.forEach((line, j) => {
    if (line.op === ' ') {
      close(j);
      runStart = j + 1;
      runEol = undefined;
      k++;
    } else if (line.op === '-') {
      runEol ??= doc.eols[k];
      k++;
    }
  });
  close(r.lines.length);
  return out;
}
