/** A text file as lines, with what is needed to write it back the way it was. */
export interface TextDoc {
    /** The file's bytes. */
    data: Buffer;
    /** Lines without their line endings. */
    lines: string[];
    /** Each line's own ending ('\n', '\r\n', or '' for a last line without one). */
    eols: string[];
    /** Byte offset in `data` where each line starts, plus the file's length at the end. */
    starts: number[];
    /** The file's dominant line ending: what new lines get. */
    eol: '\n' | '\r\n';
}
/** Why a file cannot be edited as text, or undefined. */
export declare function textProblem(data: Buffer): string | undefined;
/** Split a (UTF-8, already validated) file into lines, remembering each line's ending and byte offset. */
export declare function decodeText(data: Buffer): TextDoc;
/**
 * Builds a new version of a document: runs of original lines are copied as bytes (untouched lines stay
 * byte-identical and cost no re-encoding), new lines are encoded. A last line that had no newline gets one.
 */
export declare class TextBuilder {
    private readonly doc;
    private readonly pieces;
    private text;
    constructor(doc: TextDoc);
    /** Original lines [from, to). */
    copy(from: number, to: number): void;
    add(line: string, eol: string): void;
    toBuffer(): Buffer;
    private flush;
}
