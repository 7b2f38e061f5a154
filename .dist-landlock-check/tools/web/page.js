// A response body read as it streams: the first bytes decide whether it is text, its charset and whether it is
// HTML; then every chunk is decoded and either kept (text, raw HTML) or converted on the fly (HTML to
// markdown or plain text). Nothing holds the whole body: memory is the output plus a chunk.
import { BodyDecoder, isHtml, isTextual, SNIFF_BYTES } from './content.js';
import { HtmlConverter } from './html.js';
/** The body is not text (a NUL byte in its first bytes, or a non-text type). */
export class NotText extends Error {
}
export class PageReader {
    media;
    format;
    pageUrl;
    opts;
    head = [];
    headBytes = 0;
    decoder;
    converter;
    parts = [];
    isHtml = false;
    constructor(media, format, pageUrl, opts) {
        this.media = media;
        this.format = format;
        this.pageUrl = pageUrl;
        this.opts = opts;
    }
    /** The output is full: reading more changes nothing. */
    get full() {
        return this.converter?.full ?? false;
    }
    /** Take the next chunk; throws NotText once the first bytes show binary data. */
    push(chunk) {
        if (this.decoder) {
            this.feed(this.decoder.decode(chunk));
            return;
        }
        this.head.push(chunk);
        this.headBytes += chunk.length;
        if (this.headBytes >= SNIFF_BYTES)
            this.start();
    }
    /** `complete`: the body ended by itself (not cut), so a partial last character is shown, not dropped. */
    finish(complete) {
        if (!this.decoder)
            this.start();
        const decoder = this.decoder;
        this.feed(decoder.end(complete));
        if (this.converter) {
            const converted = this.converter.end();
            return {
                text: converted.text,
                ...(converted.title ? { title: converted.title } : {}),
                charset: decoder.charset,
                html: true,
                cut: converted.cut === true,
            };
        }
        return { text: this.parts.join(''), charset: decoder.charset, html: this.isHtml, cut: false };
    }
    start() {
        const data = this.head.length === 1 ? this.head[0] : Buffer.concat(this.head);
        this.head = [];
        if (this.opts.requireText && !isTextual(this.media.type, data))
            throw new NotText();
        this.decoder = new BodyDecoder(data, this.media);
        const text = this.decoder.decode(data);
        this.isHtml =
            isHtml(this.media.type) ||
                (this.media.type === '' && /^\s*<(!doctype html|html)/i.test(text.slice(0, 512)));
        if (this.isHtml && this.format !== 'html') {
            this.converter = new HtmlConverter(this.pageUrl, this.format, { maxChars: this.opts.maxChars });
        }
        this.feed(text);
    }
    feed(text) {
        if (text === '')
            return;
        if (this.converter)
            this.converter.write(text);
        else
            this.parts.push(text);
    }
}
//# sourceMappingURL=page.js.map