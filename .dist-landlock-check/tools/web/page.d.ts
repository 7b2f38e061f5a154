import { type MediaType } from './content.js';
import { type HtmlFormat } from './html.js';
export type Format = HtmlFormat | 'html';
export interface PageText {
    text: string;
    title?: string;
    charset: string;
    html: boolean;
    /** The conversion reached its output limit before the end of the body. */
    cut: boolean;
}
/** The body is not text (a NUL byte in its first bytes, or a non-text type). */
export declare class NotText extends Error {
}
export declare class PageReader {
    private readonly media;
    private readonly format;
    private readonly pageUrl;
    private readonly opts;
    private head;
    private headBytes;
    private decoder;
    private converter;
    private readonly parts;
    private isHtml;
    constructor(media: MediaType, format: Format, pageUrl: string, opts: {
        maxChars: number;
        requireText: boolean;
    });
    /** The output is full: reading more changes nothing. */
    get full(): boolean;
    /** Take the next chunk; throws NotText once the first bytes show binary data. */
    push(chunk: Buffer): void;
    /** `complete`: the body ended by itself (not cut), so a partial last character is shown, not dropped. */
    finish(complete: boolean): PageText;
    private start;
    private feed;
}
