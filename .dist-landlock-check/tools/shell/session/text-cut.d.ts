/** The longest start of `text` within `maxBytes` UTF-8 bytes. */
export declare function keepStart(text: string, maxBytes: number): string;
/** The longest end of `text` within `maxBytes` UTF-8 bytes. */
export declare function keepEnd(text: string, maxBytes: number): string;
