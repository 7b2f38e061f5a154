/** One line of an update chunk: kept context (' '), removed ('-') or added ('+'). */
export interface ChunkLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** A `@@` section of an `*** Update File:` operation. */
export interface UpdateChunk {
  /** The text after `@@ `: a line the chunk's lines come after (usually a function or class header). */
  context?: string;
  /**
   * Further `@@` lines right after the first (`@@ class Writer` then `@@     def __init__`), outermost first:
   * each is looked for inside the block the previous one opens.
   */
  nestedContexts?: string[];
  lines: ChunkLine[];
  /** `*** End of File` followed the chunk: its lines must end the file. */
  endOfFile: boolean;
  /** 1-based line of the chunk in the patch text, for messages. */
  patchLine: number;
}

export type PatchOp =
  | { kind: 'add'; path: string; contents: string; patchLine: number }
  | { kind: 'delete'; path: string; patchLine: number }
  | { kind: 'update'; path: string; moveTo?: string; chunks: UpdateChunk[]; patchLine: number };

export interface ParsedPatch {
  ops: PatchOp[];
}

/** The lines a chunk expects to find (context and removed) and the lines it leaves (context and added). */
export function oldLines(chunk: UpdateChunk): string[] {
  return chunk.lines.filter((line) => line.op !== '+').map((line) => line.text);
}

export function newLines(chunk: UpdateChunk): string[] {
  return chunk.lines.filter((line) => line.op !== '-').map((line) => line.text);
}
