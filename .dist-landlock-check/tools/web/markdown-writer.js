// The output side of the streaming HTML conversion: markdown (or plain text) written forward only, with
// whitespace collapsed as a browser would, block breaks and list/quote prefixes deferred until the next visible
// content, and inline openers (`**`, `[`, `## `) deferred too, so an element with no content leaves nothing
// behind and a space never ends up inside a marker. Every step is O(size of what it writes); the output stops
// at `maxChars`.
/** Quotes and list items nested deeper than this add no prefix (each line would carry them all). */
const MAX_CONTAINERS = 12;
/** Small parts are joined every PART_BATCH pushes, so the part list never holds one string per word. */
const PART_BATCH = 2048;
export class MarkdownWriter {
    maxChars;
    done = [];
    parts = [];
    length = 0;
    started = false;
    pendingBreak = 0;
    pendingSpace = false;
    atLineStart = true;
    // Pending openers, as two parallel arrays (no object per opener).
    openerOwners = [];
    openerTexts = [];
    containers = [];
    /** Inside a link label, a heading or a table cell: breaks become spaces. */
    flat = 0;
    /** Inside a table cell: '|' in text is escaped. */
    cells = 0;
    /** The output reached maxChars; nothing more is written. */
    full = false;
    constructor(maxChars) {
        this.maxChars = maxChars;
    }
    /** Characters written so far (region boundaries are taken from it). */
    get position() {
        return this.length;
    }
    /** Room left before maxChars. */
    get room() {
        return this.maxChars - this.length;
    }
    /** Flowing text: whitespace runs (no-break spaces included) collapse to one space. */
    text(s) {
        if (this.full || s === '')
            return;
        // One scan finds the words' extent and whether anything inside needs collapsing, so the common case
        // (words separated by single spaces) allocates nothing.
        let first = -1;
        let last = -1;
        let collapse = false;
        let run = 0;
        let odd = false;
        for (let i = 0; i < s.length; i++) {
            const c = s.charCodeAt(i);
            if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 0xa0) {
                run++;
                if (c !== 32)
                    odd = true;
                continue;
            }
            // A run between words that is not one plain space is collapsed.
            if (first === -1)
                first = i;
            else if (run > 1 || odd)
                collapse = true;
            last = i;
            run = 0;
            odd = false;
        }
        if (first === -1) {
            this.pendingSpace = true;
            return;
        }
        if (first > 0)
            this.pendingSpace = true;
        let t = first === 0 && last === s.length - 1 ? s : s.slice(first, last + 1);
        if (collapse)
            t = t.replace(/[\t\n\f\r \u00a0]+/g, ' ');
        if (this.cells > 0 && t.includes('|'))
            t = t.replaceAll('|', '\\|');
        this.content(t);
        if (last < s.length - 1)
            this.pendingSpace = true;
    }
    /** A space between words (unless a line starts there). */
    space() {
        this.pendingSpace = true;
    }
    /** An atomic inline piece (image, code span): written as is, after any pending space and openers. */
    content(s) {
        if (this.full || s === '')
            return;
        this.begin();
        this.emit(s);
        this.atLineStart = false;
    }
    /** Start a new block after `lines` line breaks (1: next line, 2: blank line between). */
    blockBreak(lines) {
        if (this.flat > 0) {
            this.pendingSpace = true;
            return;
        }
        // The first line of a list item carries its marker: a paragraph inside it does not push it down.
        if (this.containers.at(-1)?.marker != null)
            return;
        if (lines > this.pendingBreak)
            this.pendingBreak = lines;
    }
    /** <br>: a new line; two in a row leave a blank line. */
    lineBreak() {
        if (this.flat > 0) {
            this.pendingSpace = true;
            return;
        }
        if (!this.started || this.containers.at(-1)?.marker != null)
            return;
        this.pendingBreak = Math.min(this.pendingBreak + 1, 2);
    }
    /** After a list item: the next item follows on the next line (a tight list). */
    itemEnd() {
        if (this.pendingBreak > 1)
            this.pendingBreak = 1;
    }
    /** A marker written just before the owner's first visible content, or never if it has none. */
    open(owner, text) {
        this.openerOwners.push(owner);
        this.openerTexts.push(text);
    }
    /** Close what `open` started: nothing if it never got content, else `closer` right after it. */
    close(owner, closer) {
        // Pending openers belong to elements still open, innermost last: if the owner's is pending, it is last.
        const last = this.openerOwners.length - 1;
        if (last >= 0 && this.openerOwners[last] === owner) {
            this.openerOwners.pop();
            this.openerTexts.pop();
            return;
        }
        if (closer)
            this.emit(closer);
    }
    /** Open a quote; false (nothing to pop) past MAX_CONTAINERS, so prefixes stay short on hostile pages. */
    pushQuote() {
        if (this.containers.length >= MAX_CONTAINERS)
            return false;
        this.containers.push({ quote: true, marker: null, indent: '', started: false });
        return true;
    }
    /** Open a list item with its marker; false past MAX_CONTAINERS (the item is then a plain line). */
    pushItem(marker) {
        if (this.containers.length >= MAX_CONTAINERS)
            return false;
        this.containers.push({ quote: false, marker, indent: ' '.repeat(marker.length), started: false });
        return true;
    }
    popContainer() {
        this.containers.pop();
    }
    /** A preformatted block; `fence` null writes the lines bare (plain text). */
    preformatted(code, fence, lang = '') {
        if (this.full || code === '')
            return;
        this.blockBreak(2);
        this.begin();
        const lines = code.replaceAll('\n', `\n${this.prefix(false)}`);
        if (fence === null)
            this.emit(lines);
        else
            this.emit(`${fence}${lang}\n${this.prefix(false)}${lines}\n${this.prefix(false)}${fence}`);
        this.atLineStart = false;
        this.blockBreak(2);
    }
    /** A table row starts: the pipe at the start of the line. */
    rowStart(markdown) {
        this.blockBreak(1);
        if (markdown) {
            this.begin();
            this.emit('|');
        }
    }
    /** A cell starts: its separator from the previous one, then the content on the same line. */
    cellStart(first, markdown) {
        if (!markdown && first)
            return;
        this.begin();
        this.emit(markdown ? ' ' : ' | ');
        this.pendingSpace = false;
        this.atLineStart = true;
    }
    cellEnd(markdown) {
        if (!markdown)
            return;
        this.pendingSpace = false;
        this.emit(' |');
        this.atLineStart = false;
    }
    /** After a table's first row: the header rule, so the table renders. */
    headerRule(cells) {
        this.emit(`\n${this.prefix(false)}|${' --- |'.repeat(cells)}`);
    }
    /** Everything written, or the part between two positions (for <main> / <article>). */
    result(from = 0, to = this.length) {
        const all = [...this.done, ...this.parts].join('');
        return from === 0 && to >= all.length ? all : all.slice(from, to);
    }
    /** Flush a pending break (with the line prefixes) or space, and the pending openers. */
    begin() {
        if (!this.started || this.pendingBreak > 0) {
            if (this.containers.length === 0) {
                if (this.started)
                    this.emit(this.pendingBreak > 1 ? '\n\n' : '\n');
            }
            else {
                if (this.started)
                    this.emit(this.pendingBreak > 1 ? `\n${this.prefix(true)}\n` : '\n');
                this.emit(this.prefix(false));
            }
            this.started = true;
            this.pendingBreak = 0;
            this.pendingSpace = false;
            this.atLineStart = true;
        }
        else if (this.pendingSpace && !this.atLineStart) {
            this.emit(' ');
        }
        this.pendingSpace = false;
        if (this.openerTexts.length > 0) {
            for (const text of this.openerTexts)
                this.emit(text);
            this.openerOwners.length = 0;
            this.openerTexts.length = 0;
        }
    }
    /** What a line starts with inside the open quotes and list items (`blank`: for an empty line). */
    prefix(blank) {
        if (this.containers.length === 0)
            return '';
        let s = '';
        for (const c of this.containers) {
            if (blank && !c.started)
                break;
            if (!blank)
                c.started = true;
            if (c.quote)
                s += '> ';
            else if (!blank && c.marker !== null) {
                s += c.marker;
                c.marker = null;
            }
            else
                s += c.indent;
        }
        return blank ? s.trimEnd() : s;
    }
    emit(s) {
        if (this.full || s === '')
            return;
        const room = this.maxChars - this.length;
        if (s.length > room) {
            // Never split a surrogate pair at the cut.
            const end = room > 0 && /[\ud800-\udbff]/.test(s[room - 1]) ? room - 1 : room;
            s = s.slice(0, Math.max(0, end));
            this.full = true;
        }
        this.parts.push(s);
        this.length += s.length;
        if (this.parts.length >= PART_BATCH) {
            this.done.push(this.parts.join(''));
            this.parts.length = 0;
        }
    }
}
//# sourceMappingURL=markdown-writer.js.map