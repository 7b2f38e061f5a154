import type { LineIndex } from './seek.js';
export interface Region {
    start: number;
    length: number;
    /** How many lines of the region equal the pattern's, loosely. */
    equal: number;
}
/**
 * The region of the file most like `pattern`: the window where the most lines equal the pattern's
 * (loosely), preferring one at or after `from`; when no line is even loosely equal, the window around the
 * single most similar line. Undefined when nothing in the file resembles the pattern.
 */
export declare function closestRegion(index: LineIndex, pattern: readonly string[], from: number): Region | undefined;
/**
 * The region as numbered lines (1-based, like read_file), marking with `!` the lines that differ from the
 * pattern even loosely.
 */
export declare function formatRegion(index: LineIndex, pattern: readonly string[], region: Region): string;
