import { type ToolSpec } from '../../types/index.js';
export interface ReadFileOptions {
    /** Lines per page (default 2,000). */
    pageLines?: number;
    /** Characters per line before it is cut (default 2,000). */
    maxLineChars?: number;
    /** Bytes of numbered text per page, kept under the model-visible bound (default 30 KiB). */
    maxPageBytes?: number;
    /** Largest image returned as an image part (default 5 MiB). */
    maxImageBytes?: number;
    /** Files up to this size have their lines counted for "of N" (default 512 MiB); larger ones show bytes. */
    countLinesUpTo?: number;
}
/**
 * read_file: numbered lines, a page at a time, with memory bounded by the page rather than the file.
 * Images come back as image parts; other binary files are described, never dumped.
 */
export declare function readFileTool(options?: ReadFileOptions): ToolSpec;
