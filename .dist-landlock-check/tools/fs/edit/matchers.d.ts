import { SplitLines } from './lines.js';
/** The matching passes, tried in this order; the first that finds old_text wins. */
export type PassName = 'exact' | 'trailing_whitespace' | 'indentation' | 'unicode';
/** How a lenient pass is reported to the model. */
export declare const PASS_NOTES: Record<Exclude<PassName, 'exact'>, string>;
/** One place old_text matched, in LF-space offsets, with the text that replaces it there. */
export interface Found {
    start: number;
    end: number;
    text: string;
    /** new_text was re-indented to the file's indentation. */
    shifted: boolean;
}
/** Matches one pass may collect; past this a replace_all is refused (the file is not a sed target). */
export declare const MAX_MATCHES = 100000;
/**
 * The text being edited, with the views the lenient passes need built on first use: the exact pass on a
 * large file never splits it into lines or copies it.
 */
export declare class MatchText {
    readonly text: string;
    private split?;
    private normalized?;
    constructor(text: string);
    get lines(): SplitLines;
    get unicodeNormalized(): string;
    /** Whether the line views were built (diagnostics reuse them rather than splitting again). */
    get hasLines(): boolean;
}
/**
 * Every place `needle` matches under `pass`. `disjoint` (replace_all) steps past each match; otherwise
 * overlapping occurrences count too, so `aa` in `aaa` is reported as ambiguous.
 */
export declare function findMatches(source: MatchText, pass: PassName, needle: string, newText: string, disjoint: boolean): Found[];
