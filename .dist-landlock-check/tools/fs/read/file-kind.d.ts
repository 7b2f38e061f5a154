/** What the first bytes of a file say it is. */
export interface FileKind {
    /** 'text' (UTF-8 or ASCII), 'utf16' (with a BOM), 'image' (one a model can see), or 'binary'. */
    kind: 'text' | 'utf16' | 'image' | 'binary';
    /** A short human name with its article: "a PNG image", "a PDF document", "binary data", ... */
    description: string;
    mimeType?: string;
}
/**
 * Sniff a file from its first bytes (8 KiB is plenty): known signatures first, then UTF-16 BOMs, then the
 * text test — no NUL bytes and valid UTF-8 (allowing a character cut at the end of the sample).
 */
export declare function sniff(head: Buffer): FileKind;
