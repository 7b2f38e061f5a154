import { type TokenizerCallbacks } from 'htmlparser2';
export type HtmlFormat = 'markdown' | 'text';
export interface Converted {
    text: string;
    title?: string;
    /** The output reached its limit; the rest of the page was not converted. */
    cut?: boolean;
}
export declare class HtmlConverter implements TokenizerCallbacks {
    private readonly tokenizer;
    private readonly writer;
    private readonly markdown;
    private base;
    private baseSet;
    private title;
    private readonly pending;
    private pendingChars;
    private prev;
    private prevOffset;
    private cur;
    private curOffset;
    private tagName;
    private readonly attrs;
    private attrName;
    private attrValue;
    private attrKeep;
    private readonly stack;
    private readonly pool;
    private readonly openCount;
    private readonly overflow;
    private overflowRaw;
    private skipDepth;
    private linkDepth;
    private headOpen;
    private foreign;
    /** Emphasis markers in force ('**' inside '**' would end it). */
    private readonly emphasisOpen;
    private pre;
    private code;
    private titleParts;
    private titleChars;
    private readonly tables;
    private readonly lists;
    private readonly rows;
    private items;
    private readonly regions;
    private ended;
    constructor(pageUrl: string, format: HtmlFormat, opts?: {
        maxChars?: number;
    });
    /** The output reached its limit: reading more of the page changes nothing. */
    get full(): boolean;
    write(chunk: string): void;
    private flushPending;
    private feed;
    end(): Converted;
    onopentagname(start: number, endIndex: number): void;
    onattribname(start: number, endIndex: number): void;
    onattribdata(start: number, endIndex: number): void;
    onattribentity(codepoint: number): void;
    onattribend(): void;
    onopentagend(): void;
    onselfclosingtag(): void;
    onclosetag(start: number, endIndex: number): void;
    ontext(start: number, endIndex: number): void;
    ontextentity(codepoint: number): void;
    oncdata(): void;
    oncomment(): void;
    ondeclaration(): void;
    onprocessinginstruction(): void;
    onend(): void;
    private slice;
    private openTag;
    private openContent;
    private voidElement;
    private closeTag;
    private impliedClose;
    private closeHead;
    private closeFrame;
    private finishFrame;
    private onText;
    private collect;
    private inlineCode;
}
/** Convert a whole page held in memory (the streaming converter, fed in slices). */
export declare function convertHtml(html: string, pageUrl: string, format: HtmlFormat, opts?: {
    maxChars?: number;
}): Converted;
/** The few entities that appear in titles and search snippets. */
export declare function decodeEntities(text: string): string;
