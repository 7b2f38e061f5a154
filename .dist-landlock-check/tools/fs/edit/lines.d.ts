/** Number of '\n' in text[from, to). */
export declare function countNewlines(text: string, from: number, to: number): number;
/** Offset of the start of the line `back` lines above the line containing `offset` (0 = its own line). */
export declare function lineStartBefore(text: string, offset: number, back: number): number;
/**
 * Offset just past the end (newline included) of the line `forward` lines below the line containing
 * `offset` - 1, i.e. the line where a span ending at `offset` ends.
 */
export declare function lineEndAfter(text: string, offset: number, forward: number): number;
/** Lines of a text with their start offsets, for the line-by-line passes (built only when needed). */
export declare class SplitLines {
    readonly lines: string[];
    readonly starts: Float64Array;
    constructor(text: string);
    /** 0-based index of the line containing `offset`. */
    lineOf(offset: number): number;
}
