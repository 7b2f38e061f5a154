import type { FileAccess } from '../../../sandbox/index.js';
import type { LineRecord } from './line-scanner.js';
export interface ContentRecord extends LineRecord {
    /** Canonical path of the file. */
    path: string;
}
/**
 * Turns the lines either search prints (matches and their context, file by file in the order asked for)
 * into what the model sees: `path:line:text` for matches, `path-line-text` for context, `--` between
 * groups when there is context. Stops at `limit` matches (keeping the last one's trailing context) or when
 * the text reaches `maxBytes`; `push` then returns false so the search can stop reading.
 */
export declare class ContentCollector {
    private readonly files;
    private readonly opts;
    readonly lines: string[];
    matches: number;
    /** Stopped by the size budget rather than the match limit. */
    cutBySize: boolean;
    private bytes;
    private done;
    private committed;
    private previous;
    private lastMatch;
    private readonly shown;
    constructor(files: FileAccess, opts: {
        limit: number;
        context: number;
        maxLineChars: number;
        maxBytes: number;
    });
    push(record: ContentRecord): boolean;
    /** Drop provisional lines (context of a match that was not taken); returns the final lines. */
    finish(): false;
    private add;
    private display;
}
