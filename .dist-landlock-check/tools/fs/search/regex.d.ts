import { ToolError } from '../../../core/index.js';
export declare function invalidRegex(pattern: string, reason: string): ToolError;
/**
 * The pattern as both implementations search for it: needless escapes dropped, and a line break refused
 * (matching is line by line, so a pattern with `\n` could never match; ripgrep refuses it too).
 */
export declare function normalizePattern(pattern: string): string;
/** What the scanner needs of a compiled pattern: a RegExp, or a linear-time RE2 matcher. */
export interface LineTester {
    test(text: string): boolean;
}
export interface JsPattern {
    /** Tests one line (no line terminator). */
    line: LineTester;
    /** Tests a block of lines at once (multiline): a block without a match needs no line-by-line pass. */
    block: LineTester;
}
/** Translate a normalized Rust pattern to JavaScript; throws `Invalid regex "...": reason` when it is not valid. */
export declare function toJsPattern(pattern: string, ignoreCase: boolean): JsPattern;
/**
 * Whether a pattern repeats a group that itself repeats or alternates — `(a+)+`, `(a*)*`, `(a|aa)+` — the
 * shapes that make a backtracking engine (JavaScript's) take exponential time. ripgrep's engine is linear;
 * such patterns run here on RE2 (re2js) instead, so one search can never freeze the runtime.
 */
export declare function nestsRepetition(source: string): boolean;
