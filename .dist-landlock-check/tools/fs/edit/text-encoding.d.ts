/** A decoded text file. */
export interface TextDoc {
    raw: Buffer;
    /** Bytes of the UTF-8 BOM at the start (0 or 3). */
    bomBytes: number;
    /** The text without the BOM, line endings as on disk. */
    orig: string;
    /** `orig` with CRLF turned into LF: what edits match against (the same string when there is no CRLF). */
    text: string;
    /** Whether `orig` has any CRLF. */
    crlf: boolean;
}
/** A replacement in `text` offsets (LF space), sorted and non-overlapping when applied. */
export interface Replacement {
    start: number;
    end: number;
    text: string;
}
/** Decode a file for editing, or say why it is not editable text. */
export declare function decodeText(raw: Buffer): {
    doc: TextDoc;
} | {
    problem: string;
};
/** Text as the model gives it, with CRLF made LF to match the decoded file. */
export declare function toLF(value: string): string;
/**
 * The new file bytes: the original buffer between replacements, each replacement encoded with the line
 * ending of the line it lands on. One allocation the size of the result.
 */
export declare function encodeEdited(doc: TextDoc, replacements: Replacement[]): Buffer;
