/**
 * Finding a chunk's lines in a file, with Codex's four passes of decreasing strictness: exact, ignoring
 * trailing whitespace, ignoring surrounding whitespace, then with Unicode punctuation (dashes, quotes,
 * odd spaces) folded to ASCII. Each pass scans every position before the next, looser pass is tried.
 */
export declare const PASSES: readonly ["exact", "trailing whitespace", "surrounding whitespace", "unicode punctuation"];
export type Pass = (typeof PASSES)[number];
/** The loosest form of a line: trimmed, NFC, punctuation and spaces folded to ASCII. */
export declare function fold(line: string): string;
export interface Found {
    index: number;
    pass: Pass;
}
/** A file's lines with each pass's view computed once, on first use, and shared by every chunk. */
export declare class LineIndex {
    readonly lines: readonly string[];
    private readonly views;
    constructor(lines: readonly string[]);
    view(pass: number): readonly string[];
    /**
     * The first position at or after `start` where `pattern` occurs. With `atEnd`, the pattern must end the
     * file (trailing blank lines of the file may follow it).
     */
    seek(pattern: readonly string[], start: number, atEnd?: boolean): Found | undefined;
    /**
     * The first line at or after `start` that contains `text` (loosely): for `@@` context lines that give only
     * part of a line (`@@ function add` for `export function add(a, b) {`). The context only narrows where the
     * chunk's own lines are searched, so this looseness cannot place a change by itself.
     */
    seekContaining(text: string, start: number): number | undefined;
    /** Where a pattern of `m` lines may start to end the file: at the very end, or before trailing blank lines. */
    private endPositions;
}
