import type { FileHandle } from 'node:fs/promises';
/** One checkpoint per this many lines in a file's sparse line index. */
export declare const INDEX_STRIDE = 16384;
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
export declare function readPage(handle: FileHandle, req: PageRequest): Promise<Page>;
