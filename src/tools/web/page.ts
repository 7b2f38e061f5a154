// A response body read as it streams: the first bytes decide whether it is text, its charset and whether it is
// HTML; then every chunk is decoded and either kept (text, raw HTML) or converted on the fly (HTML to
// markdown or plain text). Nothing holds the whole body: memory is the output plus a chunk.
import { BodyDecoder, isHtml, isTextual, type MediaType, SNIFF_BYTES } from './content.js';
import { HtmlConverter, type HtmlFormat } from './html.js';

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
export class NotText extends Error {}

export class PageReader {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decoder: BodyDecoder | undefined;
  private converter: HtmlConverter | undefined;
  private readonly parts: string[] = [];
  private isHtml = false;

  constructor(
    private readonly media: MediaType,
    private readonly format: Format,
    private readonly pageUrl: string,
    private readonly opts: { maxChars: number; requireText: boolean },
  ) {}

  /** The output is full: reading more changes nothing. */
  get full(): boolean {
    return this.converter?.full ?? false;
  }

  /** Take the next chunk; throws NotText once the first bytes show binary data. */
  push(chunk: Buffer): void {
    if (this.decoder) {
      this.feed(this.decoder.decode(chunk));
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= SNIFF_BYTES) this.start();
  }

  /** `complete`: the body ended by itself (not cut), so a partial last character is shown, not dropped. */
  finish(complete: boolean): PageText {
    if (!this.decoder) this.start();
    const decoder = this.decoder!;
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

  private start(): void {
    const data = this.head.length === 1 ? this.head[0]! : Buffer.concat(this.head);
    this.head = [];
    if (this.opts.requireText && !isTextual(this.media.type, data)) throw new NotText();
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

  private feed(text: string): void {
    if (text === '') return;
    if (this.converter) this.converter.write(text);
    else this.parts.push(text);
  }
}
