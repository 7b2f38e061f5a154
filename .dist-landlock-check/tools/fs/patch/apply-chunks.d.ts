import { type TextDoc } from './text.js';
import { type UpdateChunk } from './types.js';
/**
 * Apply an update's chunks to a document and return the new bytes. Each chunk is found after the previous
 * one (its `@@` context line first, then its lines), all against the original lines; then the new file is
 * built in one pass. Untouched and context lines keep the file's own bytes (a loose match never rewrites
 * them); added lines take the line ending of the line they replace, else the file's dominant one. Throws a
 * ToolError naming the chunk and the closest region.
 */
export declare function applyChunks(doc: TextDoc, chunks: readonly UpdateChunk[], label: string): Buffer;
