export interface MediaType {
    type: string;
    charset?: string;
}
export declare function parseContentType(header: string | undefined): MediaType;
/** How many bytes of a body are looked at for its charset and whether it is text. */
export declare const SNIFF_BYTES = 4096;
export declare function isHtml(type: string): boolean;
/** Whether a body is text: by its declared type, or (no useful type) by the absence of NUL bytes. */
export declare function isTextual(type: string, sample: Buffer): boolean;
/** Whether the declared type is certainly binary (so the body need not be read at all). */
export declare function isBinaryType(type: string): boolean;
/**
 * Bytes to text as they stream. The charset comes from a BOM, the Content-Type header, a <meta> in the first
 * bytes of an HTML page, or a guess: UTF-8 if the first bytes that are not ASCII are valid UTF-8, else
 * windows-1252. The guess waits for the first non-ASCII chunk, so a page that is ASCII for its first
 * kilobytes still gets it right. A multi-byte sequence cut at a chunk boundary is carried over; one cut by the
 * end of a truncated body is dropped rather than shown as garbage.
 */
export declare class BodyDecoder {
    private decoder;
    private guessing;
    /** `head`: the first bytes of the body, the ones the charset is sniffed from (decode them next). */
    constructor(head: Buffer, media: MediaType);
    get charset(): string;
    decode(chunk: Buffer): string;
    /** The end of the body: `complete` false (cut at the limit) drops a partial last character. */
    end(complete: boolean): string;
    private fix;
}
