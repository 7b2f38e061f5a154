import type { ChunkLine, ParsedPatch, PatchOp, UpdateChunk } from './types.js';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File:';
const DELETE = '*** Delete File:';
const UPDATE = '*** Update File:';
const MOVE = '*** Move to:';
const END_OF_FILE = '*** End of File';

const HEADERS = `'${ADD} <path>', '${DELETE} <path>' or '${UPDATE} <path>'`;

/** A patch that cannot be parsed; `line` is 1-based in the text the model sent. */
export class PatchSyntaxError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(line === undefined ? `Invalid patch: ${message}` : `Invalid patch at line ${line}: ${message}`);
    this.name = 'PatchSyntaxError';
    this.line = line;
  }
}

/**
 * Parse a patch in the Codex format, with its leniencies: markers may carry surrounding whitespace, a
 * heredoc wrapper (`<<'EOF'` … `EOF`) is removed, and the first chunk of an update may omit `@@`. A few
 * more: headers are matched case-insensitively, blank lines between operations and inside added files are
 * accepted, a unified-diff range (`@@ -1,3 +1,4 @@`) is read as a bare `@@`, and git's
 * `\ No newline at end of file` is ignored.
 */
export function parsePatch(text: string): ParsedPatch {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  let [first, last] = trimBlank(lines, 0, lines.length - 1);
  if (first > last) throw new PatchSyntaxError(`the patch is empty; it must start with '${BEGIN}'.`);

  const heredoc = heredocDelimiter(lines[first]!);
  if (heredoc !== undefined && last - first >= 3 && lines[last]!.trim() === heredoc) {
    [first, last] = trimBlank(lines, first + 1, last - 1);
  }
  const head = lines[first]!.trim();
  if (!isMarker(head, BEGIN)) {
    const looksLikeDiff = /^(diff --git |--- |\+\+\+ |@@ -\d)/.test(head);
    throw new PatchSyntaxError(
      `the first line must be '${BEGIN}', got '${clip(head)}'.${
        looksLikeDiff ? ' apply_patch takes the Codex patch format, not a unified diff.' : ''
      }`,
      first + 1,
    );
  }
  if (first === last || !isMarker(lines[last]!.trim(), END)) {
    throw new PatchSyntaxError(
      `the last line must be '${END}', got '${clip(lines[last]!.trim())}'. Was the patch cut off?`,
      last + 1,
    );
  }
  return { ops: new Parser(lines, first + 1, last).parse() };
}

class Parser {
  private i: number;
  constructor(
    private readonly lines: string[],
    start: number,
    private readonly end: number,
  ) {
    this.i = start;
  }

  parse(): PatchOp[] {
    const ops: PatchOp[] = [];
    while (this.i < this.end) {
      const line = this.lines[this.i]!;
      const trimmed = line.trim();
      if (trimmed === '') {
        this.i++;
        continue;
      }
      const lineNo = this.i + 1;
      const add = afterMarker(trimmed, ADD);
      const del = afterMarker(trimmed, DELETE);
      const update = afterMarker(trimmed, UPDATE);
      if (add !== undefined) ops.push(this.addFile(requirePath(add, ADD, lineNo), lineNo));
      else if (del !== undefined) {
        ops.push({ kind: 'delete', path: requirePath(del, DELETE, lineNo), patchLine: lineNo });
        this.i++;
      } else if (update !== undefined) ops.push(this.updateFile(requirePath(update, UPDATE, lineNo), lineNo));
      else throw this.unexpectedTopLevel(line, trimmed, lineNo);
    }
    return ops;
  }

  private addFile(path: string, lineNo: number): PatchOp {
    this.i++;
    const content: string[] = [];
    let blanks = 0;
    while (this.i < this.end) {
      const line = this.lines[this.i]!;
      if (line.startsWith('+')) {
        // A blank line between '+' lines is a forgotten '+' on an empty line.
        for (; blanks > 0; blanks--) content.push('');
        content.push(line.slice(1));
      } else if (line.trim() === '') {
        blanks++;
      } else {
        break;
      }
      this.i++;
    }
    return {
      kind: 'add',
      path,
      contents: content.length > 0 ? `${content.join('\n')}\n` : '',
      patchLine: lineNo,
    };
  }

  private updateFile(path: string, lineNo: number): PatchOp {
    this.i++;
    let moveTo: string | undefined;
    const moveLine = this.i < this.end ? afterMarker(this.lines[this.i]!.trim(), MOVE) : undefined;
    if (moveLine !== undefined) {
      moveTo = requirePath(moveLine, MOVE, this.i + 1);
      this.i++;
    }
    const chunks: UpdateChunk[] = [];
    while (this.i < this.end) {
      const line = this.lines[this.i]!;
      if (line.trim() === '') {
        this.i++;
        continue;
      }
      if (line.startsWith('*')) break; // the next operation
      chunks.push(this.chunk(chunks.length === 0));
    }
    if (chunks.length === 0) {
      throw new PatchSyntaxError(
        `the '${UPDATE} ${path}' section has no changes. Add a '@@' chunk with ' ' (context), '-' (removed) and '+' (added) lines, or remove the section.`,
        lineNo,
      );
    }
    const op: PatchOp = { kind: 'update', path, chunks, patchLine: lineNo };
    if (moveTo !== undefined) op.moveTo = moveTo;
    return op;
  }

  private chunk(first: boolean): UpdateChunk {
    const startNo = this.i + 1;
    const header = chunkHeader(this.lines[this.i]!);
    const nested: string[] = [];
    if (header) {
      this.i++;
      // Consecutive @@ lines (Codex's instructions teach `@@ class A` then `@@ def f`): each narrows the last.
      for (let next = this.peekHeader(); next; next = this.peekHeader()) {
        if (next.context !== undefined) nested.push(next.context);
        this.i++;
      }
    } else if (!first) {
      throw new PatchSyntaxError(
        `expected a '@@' line to start the next chunk, got '${clip(this.lines[this.i]!)}'. Every line of a chunk starts with ' ' (context), '-' (removed) or '+' (added); a context line needs its leading space.`,
        startNo,
      );
    }
    const lines: ChunkLine[] = [];
    let endOfFile = false;
    while (this.i < this.end) {
      const line = this.lines[this.i]!;
      if (isMarker(line.trim(), END_OF_FILE)) {
        if (lines.length === 0) break;
        endOfFile = true;
        this.i++;
        break;
      }
      const op = line[0];
      if (line === '') lines.push({ op: ' ', text: '' });
      else if (op === ' ' || op === '-' || op === '+') lines.push({ op, text: line.slice(1) });
      else if (line.startsWith('\\')) {
        // git's "\ No newline at end of file": nothing to match
      } else if (line.startsWith('*')) {
        break; // the next operation (a chunk without lines is reported below)
      } else if (lines.length === 0) {
        throw new PatchSyntaxError(
          `unexpected line '${clip(line)}' in the '${header ? '@@' : 'first'}' chunk. Every line of a chunk starts with ' ' (context), '-' (removed) or '+' (added).`,
          this.i + 1,
        );
      } else break;
      this.i++;
    }
    if (lines.length === 0) {
      throw new PatchSyntaxError(
        `the chunk has no lines. Follow '@@' with ' ' (context), '-' (removed) and '+' (added) lines.`,
        startNo,
      );
    }
    const chunk: UpdateChunk = { lines, endOfFile, patchLine: startNo };
    const contexts = [...(header?.context === undefined ? [] : [header.context]), ...nested];
    if (contexts.length > 0) chunk.context = contexts[0]!;
    if (contexts.length > 1) chunk.nestedContexts = contexts.slice(1);
    return chunk;
  }

  /** The next line's `@@` header, when it is one and is still inside the update. */
  private peekHeader(): { context?: string } | undefined {
    return this.i < this.end ? chunkHeader(this.lines[this.i]!) : undefined;
  }

  private unexpectedTopLevel(line: string, trimmed: string, lineNo: number): PatchSyntaxError {
    if (isMarker(trimmed, END)) {
      return new PatchSyntaxError(
        `'${END}' appears before the end of the patch; remove what follows it.`,
        lineNo,
      );
    }
    if (isMarker(trimmed, END_OF_FILE)) {
      return new PatchSyntaxError(`'${END_OF_FILE}' must directly follow the lines of a chunk.`, lineNo);
    }
    if (afterMarker(trimmed, MOVE) !== undefined) {
      return new PatchSyntaxError(`'${MOVE}' must directly follow an '${UPDATE}' line.`, lineNo);
    }
    if (chunkHeader(line) || /^[ +-]/.test(line)) {
      return new PatchSyntaxError(
        `'${clip(trimmed)}' is a chunk line outside any '${UPDATE}' section (or an '${ADD}' line without its '+').`,
        lineNo,
      );
    }
    return new PatchSyntaxError(
      `'${clip(trimmed)}' is not a valid operation header. Valid headers: ${HEADERS}.`,
      lineNo,
    );
  }
}

/** `@@`, `@@ <context line>`, or a unified-diff range header read as a bare `@@` (plus any trailing text). */
function chunkHeader(line: string): { context?: string } | undefined {
  const trimmed = line.trim();
  if (trimmed === '@@') return {};
  const start = line.trimStart();
  if (!start.startsWith('@@ ') && !start.startsWith('@@\t')) return undefined;
  let context = start.slice(3);
  const range = /^\s*-\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/.exec(context);
  if (range) context = range[1]!;
  return context.trim() === '' ? {} : { context };
}

function isMarker(line: string, marker: string): boolean {
  return line.toLowerCase() === marker.toLowerCase();
}

/** The rest of `line` after a marker (case-insensitive), or undefined. */
function afterMarker(line: string, marker: string): string | undefined {
  if (line.length < marker.length || line.slice(0, marker.length).toLowerCase() !== marker.toLowerCase()) {
    return undefined;
  }
  return line.slice(marker.length);
}

function requirePath(rest: string, marker: string, lineNo: number): string {
  const path = rest.trim();
  if (path === '') throw new PatchSyntaxError(`'${marker}' needs a path after it.`, lineNo);
  if (path.endsWith('/')) {
    throw new PatchSyntaxError(`'${marker} ${path}' names a directory; apply_patch works on files.`, lineNo);
  }
  return path;
}

function heredocDelimiter(line: string): string | undefined {
  const match = /^(?:(?:apply_patch|applypatch)\s+)?<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1$/.exec(
    line.trim(),
  );
  return match?.[2];
}

function trimBlank(lines: string[], first: number, last: number): [number, number] {
  while (first <= last && lines[first]!.trim() === '') first++;
  while (last >= first && lines[last]!.trim() === '') last--;
  return [first, last];
}

function clip(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
