import { type FileAllowed } from '../../../sandbox/index.js';
import type { JsPattern } from './regex.js';
/** A line ripgrep would print: a match, or context around one. */
export interface LineRecord {
    line: number;
    text: string;
    match: boolean;
}
/**
 * Count the lines of a file that match; undefined for a binary file. Binary means what it means to ripgrep
 * when it counts: a NUL byte anywhere (UTF-16 with a BOM is decoded first, as ripgrep does).
 */
export declare function countMatchingLines(check: FileAllowed, pattern: JsPattern, signal?: AbortSignal): Promise<number | undefined>;
/**
 * The lines ripgrep prints for a file with `--context n`: every match, and up to n lines around each,
 * in order. `emit` returns false to stop reading.
 */
export declare function scanWithContext(check: FileAllowed, pattern: JsPattern, context: number, emit: (record: LineRecord) => boolean, signal?: AbortSignal): Promise<void>;
