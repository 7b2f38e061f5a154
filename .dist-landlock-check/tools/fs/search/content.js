import { cutLine } from './format.js';
/**
 * Turns the lines either search prints (matches and their context, file by file in the order asked for)
 * into what the model sees: `path:line:text` for matches, `path-line-text` for context, `--` between
 * groups when there is context. Stops at `limit` matches (keeping the last one's trailing context) or when
 * the text reaches `maxBytes`; `push` then returns false so the search can stop reading.
 */
export class ContentCollector {
    files;
    opts;
    lines = [];
    matches = 0;
    /** Stopped by the size budget rather than the match limit. */
    cutBySize = false;
    bytes = 0;
    done = false;
    committed = 0;
    previous;
    lastMatch;
    shown = new Map();
    constructor(files, opts) {
        this.files = files;
        this.opts = opts;
    }
    push(record) {
        if (this.done)
            return false;
        const { limit, context } = this.opts;
        const trailing = this.lastMatch !== undefined &&
            record.path === this.lastMatch.path &&
            record.line <= this.lastMatch.line + context;
        let match = record.match;
        if (this.matches >= limit || this.cutBySize) {
            if (!trailing)
                return this.finish();
            match = false; // past the limit, a matching line inside the window is shown as context
        }
        else if (match && this.bytes >= this.opts.maxBytes) {
            this.cutBySize = true;
            if (!trailing)
                return this.finish();
            match = false;
        }
        const prev = this.previous;
        if (context > 0 && prev && (prev.path !== record.path || prev.line + 1 !== record.line))
            this.add('--');
        const sep = match ? ':' : '-';
        this.add(`${this.display(record.path)}${sep}${record.line}${sep}${cutLine(record.text, this.opts.maxLineChars)}`);
        this.previous = { path: record.path, line: record.line };
        if (match) {
            this.matches++;
            this.lastMatch = { path: record.path, line: record.line };
        }
        // Context before a match stays provisional until the match arrives.
        if (match || trailing)
            this.committed = this.lines.length;
        return true;
    }
    /** Drop provisional lines (context of a match that was not taken); returns the final lines. */
    finish() {
        this.done = true;
        this.lines.length = this.committed;
        return false;
    }
    add(line) {
        this.lines.push(line);
        this.bytes += Buffer.byteLength(line) + 1;
    }
    display(canonical) {
        let shown = this.shown.get(canonical);
        if (shown === undefined) {
            shown = this.files.display(canonical);
            this.shown.set(canonical, shown);
        }
        return shown;
    }
}
//# sourceMappingURL=content.js.map