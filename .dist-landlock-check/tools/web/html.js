// HTML to markdown (or plain text) as the page streams in: htmlparser2's tokenizer reads the markup, a small
// element tracker decides what each element means, and MarkdownWriter writes the result forward. Memory follows
// the output, never a DOM (turndown built one through domino at ~100× the page size). Kept from the DOM
// conversion: noise removed (script, style, nav, footer, forms, ...), <main>/<article> preferred when the page
// marks them, links and images made absolute against the page URL (or its <base>), the title, a plain-text
// format, and time linear in the page however hostile its markup.
//
// Why the tokenizer and not htmlparser2's Parser: the Parser keeps its open-element stack with unshift/indexOf,
// which is quadratic in the nesting depth (1 MB of nested <div>: 13 s). The tokenizer is the hard part
// (states, raw text, the HTML entity table) and is linear; the element tracking here is bounded (MAX_DEPTH
// tracked elements, a constant-time check for end tags that match nothing).
import { Tokenizer } from 'htmlparser2';
import { MarkdownWriter } from './markdown-writer.js';
/** Elements whose content is not worth reading (kept from the turndown conversion). */
const NOISE = new Set([
    'script',
    'style',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'canvas',
    'form',
    'button',
    'select',
    'input',
    'textarea',
    'nav',
    'footer',
    'aside',
    'dialog',
    'link',
    'meta',
    'head',
    'title',
]);
const VOID = new Set('area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(' '));
/** Raw-text elements: the tokenizer hands their content over as text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);
/** What may stay in <head>; anything else (or text) closes it, as the HTML parser does. */
const HEAD_CONTENT = new Set(['title', 'meta', 'link', 'style', 'script', 'noscript', 'base', 'template']);
const BLOCKS = new Set('address article aside blockquote body caption center details dialog dir div dl fieldset figcaption figure footer header hgroup legend main menu ol p pre section summary table ul'.split(' '));
/** Opening the key closes these while they are at the top of the stack (htmlparser2's table, as browsers do). */
const P = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const IMPLIES_CLOSE = new Map([
    ...[...BLOCKS, 'hr', 'p'].map((b) => [b, P]),
    ['a', new Set(['a'])],
    ['option', new Set(['option'])],
    ['h1', HEADINGS],
    ['h2', HEADINGS],
    ['h3', HEADINGS],
    ['h4', HEADINGS],
    ['h5', HEADINGS],
    ['h6', HEADINGS],
]);
/**
 * An item closes the open item of the same list, a row the open row of the same table, whatever is open
 * inside them: the search goes down the stack to the first of `closes`, stopping at `scope`.
 */
const SCOPED = new Map([
    ['li', { closes: new Set(['li']), scope: new Set(['ul', 'ol', 'menu', 'dir', 'table']) }],
    ['dd', { closes: new Set(['dd', 'dt']), scope: new Set(['dl', 'table']) }],
    ['dt', { closes: new Set(['dd', 'dt']), scope: new Set(['dl', 'table']) }],
    ['tr', { closes: new Set(['tr']), scope: new Set(['table']) }],
    ['td', { closes: new Set(['td', 'th']), scope: new Set(['tr', 'table']) }],
    ['th', { closes: new Set(['td', 'th']), scope: new Set(['tr', 'table']) }],
]);
const EMPHASIS = {
    strong: '**',
    b: '**',
    em: '_',
    i: '_',
    del: '~~',
    s: '~~',
    strike: '~~',
};
const HEADING_MARKERS = new Map([1, 2, 3, 4, 5, 6].map((n) => [`h${n}`, `${'#'.repeat(n)} `]));
const CODE = new Set(['code', 'kbd', 'samp', 'tt']);
/** The attributes read, and on which elements (null: any); the rest are skipped as the tokenizer reads them. */
const KEPT_ATTRIBUTES = new Map([
    ['href', new Set(['a', 'base'])],
    ['src', new Set(['img'])],
    ['alt', new Set(['img'])],
    ['start', new Set(['ol'])],
    ['class', new Set(['pre', 'xmp', ...CODE])],
    ['hidden', null],
    ['aria-hidden', null],
    ['role', null],
]);
/** The attributes of the tag being read: one object, cleared for each tag. */
class Attributes {
    href = undefined;
    src = undefined;
    alt = undefined;
    start = undefined;
    class = undefined;
    hidden = undefined;
    'aria-hidden' = undefined;
    role = undefined;
    set = false;
    clear() {
        if (!this.set)
            return;
        this.href = this.src = this.alt = this.start = this.class = undefined;
        this.hidden = this['aria-hidden'] = this.role = undefined;
        this.set = false;
    }
}
/**
 * Elements tracked at once. Real pages stay far below it; beyond it elements are counted by name only, so a
 * hostile page cannot make any step cost more than a constant.
 */
const MAX_DEPTH = 256;
/** Attribute values longer than this (data: URLs, mostly) are dropped. */
const MAX_ATTRIBUTE = 16 * 1024;
const MAX_TITLE = 2000;
const MIN_CHUNK = 4096;
/**
 * One open element. Frames are recycled (at most MAX_DEPTH exist), so opening an element allocates nothing;
 * `reset` gives every field its initial value.
 */
class Frame {
    name = '';
    /** This element started a skipped (noise) region. */
    skip = false;
    flat = false;
    block = 0;
    link = undefined;
    marker = undefined;
    heading = false;
    item = false;
    quote = false;
    cell = false;
    list = undefined;
    pre = undefined;
    code = undefined;
    table = undefined;
    row = undefined;
    region = undefined;
    title = undefined;
    reset(name) {
        this.name = name;
        this.skip = this.flat = this.heading = this.item = this.quote = this.cell = false;
        this.block = 0;
        this.link = this.marker = this.list = this.pre = this.code = undefined;
        this.table = this.row = this.region = this.title = undefined;
        return this;
    }
}
export class HtmlConverter {
    tokenizer = new Tokenizer({ decodeEntities: true }, this);
    writer;
    markdown;
    base;
    baseSet = false;
    title;
    // The text the tokenizer indexes into: the current chunk and the one before it (a tag name or attribute
    // cut by a chunk boundary); anything older is gone, so nothing holds the page. Chunks are at least
    // MIN_CHUNK long (smaller writes are gathered), so only a name longer than that can lose its start.
    pending = [];
    pendingChars = 0;
    prev = '';
    prevOffset = 0;
    cur = '';
    curOffset = 0;
    // The tag being read.
    tagName = '';
    attrs = new Attributes();
    attrName = '';
    attrValue = '';
    attrKeep = false;
    // The open elements.
    stack = [];
    pool = [];
    // Counts by name (never deleted: a Map shrinks and regrows its table on delete).
    openCount = new Map();
    overflow = new Map();
    overflowRaw = false;
    skipDepth = 0;
    linkDepth = 0;
    headOpen = false;
    foreign = 0;
    /** Emphasis markers in force ('**' inside '**' would end it). */
    emphasisOpen = { '**': false, _: false, '~~': false };
    pre;
    code;
    titleParts;
    titleChars = 0;
    tables = [];
    // The open lists and rows, innermost last, and how many list items are open.
    lists = [];
    rows = [];
    items = 0;
    regions = {
        main: { start: -1, end: -1, open: 0 },
        article: { start: -1, end: -1, open: 0 },
    };
    ended = false;
    constructor(pageUrl, format, opts = {}) {
        this.markdown = format === 'markdown';
        this.writer = new MarkdownWriter(opts.maxChars ?? Number.POSITIVE_INFINITY);
        this.base = safeUrl(pageUrl);
    }
    /** The output reached its limit: reading more of the page changes nothing. */
    get full() {
        return this.writer.full;
    }
    write(chunk) {
        if (this.ended || this.writer.full || chunk === '')
            return;
        // Small pieces are gathered first, so that a tag or attribute name never spans more than two of them.
        if (this.pendingChars === 0 && chunk.length >= MIN_CHUNK) {
            this.feed(chunk);
            return;
        }
        this.pending.push(chunk);
        this.pendingChars += chunk.length;
        if (this.pendingChars >= MIN_CHUNK)
            this.flushPending();
    }
    flushPending() {
        if (this.pendingChars === 0)
            return;
        const joined = this.pending.join('');
        this.pending.length = 0;
        this.pendingChars = 0;
        this.feed(joined);
    }
    feed(chunk) {
        this.prev = this.cur;
        this.prevOffset = this.curOffset;
        this.curOffset += this.cur.length;
        this.cur = chunk;
        this.tokenizer.write(chunk);
    }
    end() {
        if (!this.ended) {
            this.flushPending();
            this.ended = true;
            if (!this.writer.full)
                this.tokenizer.end();
            while (this.stack.length > 0)
                this.closeFrame(this.stack.pop());
        }
        let text = '';
        for (const kind of ['main', 'article']) {
            const r = this.regions[kind];
            if (r.start === -1)
                continue;
            text = this.writer.result(r.start, r.open > 0 || r.end === -1 ? this.writer.position : r.end).trim();
            if (text !== '')
                break;
        }
        if (text === '')
            text = this.writer.result().trim();
        const out = { text };
        if (this.title)
            out.title = this.title;
        if (this.writer.full)
            out.cut = true;
        return out;
    }
    // Tokenizer callbacks.
    onopentagname(start, endIndex) {
        this.tagName = this.slice(start, endIndex).toLowerCase();
        this.attrs.clear();
    }
    onattribname(start, endIndex) {
        this.attrName = this.slice(start, endIndex).toLowerCase();
        this.attrValue = '';
        const on = KEPT_ATTRIBUTES.get(this.attrName);
        this.attrKeep =
            on !== undefined &&
                (on === null || on.has(this.tagName)) &&
                this.attrs[this.attrName] === undefined;
    }
    onattribdata(start, endIndex) {
        if (!this.attrKeep)
            return;
        if (this.attrValue.length + (endIndex - start) > MAX_ATTRIBUTE)
            this.attrKeep = false;
        else
            this.attrValue += this.slice(start, endIndex);
    }
    onattribentity(codepoint) {
        if (this.attrKeep)
            this.attrValue += String.fromCodePoint(codepoint);
    }
    onattribend() {
        if (this.attrKeep) {
            this.attrs[this.attrName] = this.attrValue;
            this.attrs.set = true;
        }
        this.attrKeep = false;
        this.attrValue = '';
    }
    onopentagend() {
        this.openTag(this.tagName, this.attrs);
    }
    onselfclosingtag() {
        const name = this.tagName;
        this.openTag(name, this.attrs);
        // HTML ignores the slash, except inside SVG and MathML.
        if (this.foreign > 0 && !VOID.has(name))
            this.closeTag(name);
    }
    onclosetag(start, endIndex) {
        this.closeTag(this.slice(start, endIndex).toLowerCase());
    }
    ontext(start, endIndex) {
        this.onText(this.slice(start, endIndex));
    }
    ontextentity(codepoint) {
        this.onText(String.fromCodePoint(codepoint));
    }
    oncdata() { }
    oncomment() { }
    ondeclaration() { }
    onprocessinginstruction() { }
    onend() { }
    slice(start, end) {
        if (start >= this.curOffset)
            return this.cur.slice(start - this.curOffset, end - this.curOffset);
        const from = Math.max(start, this.prevOffset) - this.prevOffset;
        if (end <= this.curOffset)
            return this.prev.slice(from, end - this.prevOffset);
        return this.prev.slice(from) + this.cur.slice(0, end - this.curOffset);
    }
    // Elements.
    openTag(name, attrs) {
        if (this.writer.full)
            return;
        if (this.headOpen && !HEAD_CONTENT.has(name))
            this.closeHead();
        if (name === 'base' && !this.baseSet && attrs.href) {
            this.baseSet = true;
            const url = absoluteUrl(attrs.href, this.base);
            if (url)
                this.base = new URL(url);
        }
        if (VOID.has(name)) {
            if (this.skipDepth === 0)
                this.voidElement(name, attrs);
            return;
        }
        if (this.stack.length >= MAX_DEPTH) {
            this.overflow.set(name, (this.overflow.get(name) ?? 0) + 1);
            if (RAW_TEXT.has(name))
                this.overflowRaw = true;
            return;
        }
        this.impliedClose(name);
        const frame = (this.pool.pop() ?? new Frame()).reset(name);
        this.stack.push(frame);
        this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
        if (name === 'svg' || name === 'math')
            this.foreign++;
        if (name === 'head')
            this.headOpen = true;
        if (name === 'title' && this.title === undefined && this.foreign === 0 && this.titleParts === undefined) {
            frame.title = this.titleParts = [];
            this.titleChars = 0;
        }
        if (this.skipDepth > 0)
            return;
        if (NOISE.has(name) ||
            attrs.hidden !== undefined ||
            attrs['aria-hidden'] === 'true' ||
            attrs.role === 'navigation') {
            frame.skip = true;
            this.skipDepth++;
            return;
        }
        this.openContent(frame, name, attrs);
    }
    openContent(frame, name, attrs) {
        const w = this.writer;
        if (this.pre) {
            if (CODE.has(name) && !this.pre.lang)
                this.pre.lang = language(attrs.class);
            return;
        }
        if (this.code)
            return;
        if (name === 'main' || attrs.role === 'main' || name === 'article') {
            const r = this.regions[name === 'article' ? 'article' : 'main'];
            if (r.start === -1)
                r.start = w.position;
            r.open++;
            frame.region = name === 'article' ? 'article' : 'main';
        }
        const heading = HEADING_MARKERS.get(name);
        if (heading) {
            w.blockBreak(2);
            if (this.markdown && w.flat === 0)
                w.open(frame, heading);
            frame.heading = true;
            frame.flat = true;
            w.flat++;
            return;
        }
        switch (name) {
            case 'a': {
                const href = this.linkDepth === 0 ? absoluteUrl(attrs.href, this.base) : undefined;
                if (!href)
                    return;
                this.linkDepth++;
                frame.link = href;
                frame.flat = true;
                w.flat++;
                if (this.markdown)
                    w.open(frame, '[');
                return;
            }
            case 'pre':
            case 'xmp':
                if (w.flat > 0)
                    return;
                w.blockBreak(2);
                frame.pre = this.pre = { parts: [], chars: 0, lang: language(attrs.class), start: true };
                return;
            case 'ul':
            case 'ol':
            case 'menu':
            case 'dir': {
                w.blockBreak(this.items > 0 ? 1 : 2);
                const first = Number.parseInt(attrs.start ?? '', 10);
                frame.list = { ordered: name === 'ol', next: Number.isSafeInteger(first) ? first : 1 };
                this.lists.push(frame.list);
                return;
            }
            case 'li': {
                w.blockBreak(1);
                const list = this.lists.at(-1);
                frame.item = w.pushItem(list?.ordered ? `${list.next++}. ` : '- ');
                if (frame.item)
                    this.items++;
                return;
            }
            case 'dt':
                frame.block = 1;
                w.blockBreak(1);
                return;
            case 'dd':
                w.blockBreak(1);
                frame.item = w.pushItem(': ');
                if (frame.item)
                    this.items++;
                return;
            case 'blockquote':
                w.blockBreak(2);
                if (this.markdown && w.flat === 0)
                    frame.quote = w.pushQuote();
                frame.block = 2;
                return;
            case 'table': {
                w.blockBreak(2);
                frame.table = { rows: 0, flat: w.flat, cells: w.cells };
                // A table inside a cell is laid out on lines of its own.
                w.flat = 0;
                w.cells = 0;
                this.tables.push(frame.table);
                frame.block = 2;
                return;
            }
            case 'tr': {
                const table = this.tables.at(-1);
                frame.row = { cells: 0, table };
                this.rows.push(frame.row);
                w.rowStart(this.markdown);
                return;
            }
            case 'td':
            case 'th': {
                const row = this.rows.at(-1);
                w.cellStart(!row || row.cells === 0, this.markdown);
                if (row)
                    row.cells++;
                frame.cell = true;
                frame.flat = true;
                w.flat++;
                if (this.markdown)
                    w.cells++;
                return;
            }
        }
        if (CODE.has(name)) {
            frame.code = this.code = { parts: [], chars: 0 };
            return;
        }
        const marker = EMPHASIS[name];
        if (marker && this.markdown && !this.emphasisOpen[marker]) {
            frame.marker = marker;
            this.emphasisOpen[marker] = true;
            w.open(frame, marker);
            return;
        }
        if (BLOCKS.has(name)) {
            frame.block = 2;
            w.blockBreak(2);
        }
    }
    voidElement(name, attrs) {
        const w = this.writer;
        if (this.pre || this.code)
            return;
        switch (name) {
            case 'br':
                w.lineBreak();
                return;
            case 'hr':
                w.blockBreak(2);
                if (w.flat === 0)
                    w.content(this.markdown ? '---' : '');
                w.blockBreak(2);
                return;
            case 'img': {
                const alt = (attrs.alt ?? '').replace(/[[\]\s]+/g, ' ').trim();
                const src = this.markdown ? absoluteUrl(attrs.src, this.base) : undefined;
                if (src)
                    w.content(`![${alt}](${src})`);
                else if (alt)
                    w.text(alt);
                return;
            }
        }
    }
    closeTag(name) {
        if (this.writer.full)
            return;
        const over = this.overflow.get(name);
        if (over) {
            this.overflow.set(name, over - 1);
            this.overflowRaw = false;
            return;
        }
        if (VOID.has(name)) {
            if (name === 'br' && this.skipDepth === 0)
                this.voidElement('br', this.attrs);
            return;
        }
        if (!this.openCount.get(name)) {
            // </p> with no <p> open still ends a paragraph.
            if (name === 'p' && this.skipDepth === 0 && !this.pre && !this.code)
                this.writer.blockBreak(2);
            return;
        }
        for (;;) {
            const frame = this.stack.pop();
            this.closeFrame(frame);
            if (frame.name === name)
                return;
        }
    }
    impliedClose(name) {
        const scoped = SCOPED.get(name);
        if (scoped) {
            for (let i = this.stack.length - 1; i >= 0; i--) {
                const open = this.stack[i].name;
                if (scoped.scope.has(open))
                    break;
                if (scoped.closes.has(open)) {
                    while (this.stack.length > i)
                        this.closeFrame(this.stack.pop());
                    break;
                }
            }
        }
        const closes = IMPLIES_CLOSE.get(name);
        if (!closes)
            return;
        while (this.stack.length > 0 && closes.has(this.stack.at(-1).name))
            this.closeFrame(this.stack.pop());
    }
    closeHead() {
        const at = this.stack.findLastIndex((f) => f.name === 'head');
        if (at === -1) {
            this.headOpen = false;
            return;
        }
        while (this.stack.length > at)
            this.closeFrame(this.stack.pop());
    }
    closeFrame(frame) {
        this.finishFrame(frame);
        this.pool.push(frame);
    }
    finishFrame(frame) {
        const w = this.writer;
        this.openCount.set(frame.name, this.openCount.get(frame.name) - 1);
        if (frame.name === 'svg' || frame.name === 'math')
            this.foreign--;
        if (frame.name === 'head')
            this.headOpen = false;
        if (frame.title) {
            this.titleParts = undefined;
            const title = frame.title.join('').replace(/\s+/g, ' ').trim();
            if (title)
                this.title = title;
        }
        if (frame.skip) {
            this.skipDepth--;
            return;
        }
        if (frame.flat)
            w.flat--;
        if (frame.link !== undefined) {
            this.linkDepth--;
            if (this.markdown)
                w.close(frame, `](${frame.link})`);
        }
        if (frame.marker) {
            this.emphasisOpen[frame.marker] = false;
            w.close(frame, frame.marker);
        }
        if (frame.heading) {
            w.close(frame, '');
            w.blockBreak(2);
        }
        if (frame.code) {
            this.code = undefined;
            this.inlineCode(frame.code.parts.join(''));
        }
        if (frame.pre) {
            this.pre = undefined;
            const code = frame.pre.parts
                .join('')
                .replace(/\n{3,}/g, '\n\n')
                .replace(/\s+$/, '');
            if (this.markdown)
                w.preformatted(code, fence(code), frame.pre.lang);
            else
                w.preformatted(code, null);
        }
        if (frame.list)
            this.lists.pop();
        if (frame.item) {
            this.items--;
            w.popContainer();
            w.itemEnd();
        }
        if (frame.quote)
            w.popContainer();
        if (frame.cell) {
            if (this.markdown)
                w.cells--;
            w.cellEnd(this.markdown);
        }
        if (frame.row) {
            this.rows.pop();
            const { table, cells } = frame.row;
            if (table && cells > 0 && table.rows++ === 0 && this.markdown)
                w.headerRule(cells);
            w.blockBreak(1);
        }
        if (frame.table) {
            this.tables.pop();
            w.flat = frame.table.flat;
            w.cells = frame.table.cells;
        }
        if (frame.block)
            w.blockBreak(frame.block);
        if (frame.region) {
            const r = this.regions[frame.region];
            r.open--;
            r.end = w.position;
        }
    }
    // Text.
    onText(s) {
        if (this.overflowRaw || this.writer.full)
            return;
        if (this.titleParts) {
            if (this.titleChars < MAX_TITLE) {
                this.titleParts.push(s.slice(0, MAX_TITLE - this.titleChars));
                this.titleChars += s.length;
            }
            return;
        }
        if (this.headOpen && this.stack.at(-1)?.name === 'head' && /\S/.test(s))
            this.closeHead();
        if (this.skipDepth > 0)
            return;
        const room = this.writer.room;
        if (this.pre) {
            const pre = this.pre;
            // The newline right after <pre> is not content.
            const t = pre.start ? s.replace(/^\r?\n/, '') : s;
            pre.start = false;
            this.collect(pre, t.replaceAll('\r\n', '\n'), room);
        }
        else if (this.code) {
            this.collect(this.code, s.replace(/[\t\n\f\r \u00a0]+/g, ' '), room);
        }
        else
            this.writer.text(s);
    }
    collect(into, s, room) {
        if (into.chars > room)
            return;
        into.parts.push(s);
        into.chars += s.length;
    }
    inlineCode(code) {
        const w = this.writer;
        if (code.startsWith(' '))
            w.space();
        const trimmed = code.trim();
        if (trimmed) {
            if (!this.markdown)
                w.text(trimmed);
            else {
                const ticks = '`'.repeat(longestRun(trimmed, '`') + 1);
                const pad = trimmed.startsWith('`') || trimmed.endsWith('`') ? ' ' : '';
                w.content(`${ticks}${pad}${w.cells > 0 ? trimmed.replaceAll('|', '\\|') : trimmed}${pad}${ticks}`);
            }
        }
        if (code.length > 1 && code.endsWith(' '))
            w.space();
    }
}
/** Convert a whole page held in memory (the streaming converter, fed in slices). */
export function convertHtml(html, pageUrl, format, opts = {}) {
    const converter = new HtmlConverter(pageUrl, format, opts);
    for (let i = 0; i < html.length && !converter.full; i += 64 * 1024)
        converter.write(html.slice(i, i + 64 * 1024));
    return converter.end();
}
function fence(code) {
    return '`'.repeat(Math.max(3, longestRun(code, '`') + 1));
}
function longestRun(text, char) {
    let longest = 0;
    let run = 0;
    for (let i = 0; i < text.length; i++) {
        if (text[i] === char)
            longest = Math.max(longest, ++run);
        else
            run = 0;
    }
    return longest;
}
function language(className) {
    return /(?:^|\s)lang(?:uage)?-([\w+#.-]{1,32})/.exec(className ?? '')?.[1] ?? '';
}
function absoluteUrl(href, base) {
    if (!href)
        return undefined;
    const trimmed = href.trim();
    if (trimmed === '' || trimmed.startsWith('#') || /^(javascript|data|vbscript):/i.test(trimmed))
        return undefined;
    try {
        return new URL(trimmed, base).href;
    }
    catch {
        return undefined;
    }
}
function safeUrl(url) {
    try {
        return new URL(url);
    }
    catch {
        return undefined;
    }
}
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** The few entities that appear in titles and search snippets. */
export function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
        if (name[0] === '#') {
            const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
            return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
    });
}
//# sourceMappingURL=html.js.map