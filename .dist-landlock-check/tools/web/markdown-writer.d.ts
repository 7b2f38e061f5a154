export declare class MarkdownWriter {
    private readonly maxChars;
    private readonly done;
    private readonly parts;
    private length;
    private started;
    private pendingBreak;
    private pendingSpace;
    private atLineStart;
    private readonly openerOwners;
    private readonly openerTexts;
    private readonly containers;
    /** Inside a link label, a heading or a table cell: breaks become spaces. */
    flat: number;
    /** Inside a table cell: '|' in text is escaped. */
    cells: number;
    /** The output reached maxChars; nothing more is written. */
    full: boolean;
    constructor(maxChars: number);
    /** Characters written so far (region boundaries are taken from it). */
    get position(): number;
    /** Room left before maxChars. */
    get room(): number;
    /** Flowing text: whitespace runs (no-break spaces included) collapse to one space. */
    text(s: string): void;
    /** A space between words (unless a line starts there). */
    space(): void;
    /** An atomic inline piece (image, code span): written as is, after any pending space and openers. */
    content(s: string): void;
    /** Start a new block after `lines` line breaks (1: next line, 2: blank line between). */
    blockBreak(lines: 1 | 2): void;
    /** <br>: a new line; two in a row leave a blank line. */
    lineBreak(): void;
    /** After a list item: the next item follows on the next line (a tight list). */
    itemEnd(): void;
    /** A marker written just before the owner's first visible content, or never if it has none. */
    open(owner: object, text: string): void;
    /** Close what `open` started: nothing if it never got content, else `closer` right after it. */
    close(owner: object, closer: string): void;
    /** Open a quote; false (nothing to pop) past MAX_CONTAINERS, so prefixes stay short on hostile pages. */
    pushQuote(): boolean;
    /** Open a list item with its marker; false past MAX_CONTAINERS (the item is then a plain line). */
    pushItem(marker: string): boolean;
    popContainer(): void;
    /** A preformatted block; `fence` null writes the lines bare (plain text). */
    preformatted(code: string, fence: string | null, lang?: string): void;
    /** A table row starts: the pipe at the start of the line. */
    rowStart(markdown: boolean): void;
    /** A cell starts: its separator from the previous one, then the content on the same line. */
    cellStart(first: boolean, markdown: boolean): void;
    cellEnd(markdown: boolean): void;
    /** After a table's first row: the header rule, so the table renders. */
    headerRule(cells: number): void;
    /** Everything written, or the part between two positions (for <main> / <article>). */
    result(from?: number, to?: number): string;
    /** Flush a pending break (with the line prefixes) or space, and the pending openers. */
    private begin;
    /** What a line starts with inside the open quotes and list items (`blank`: for an empty line). */
    private prefix;
    private emit;
}
