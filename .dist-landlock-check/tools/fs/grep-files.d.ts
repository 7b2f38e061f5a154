import { type ToolSpec } from '../../types/index.js';
export interface GrepFilesOptions {
    /**
     * Which implementation searches: true/undefined uses `rg` from PATH when there is one, a string is the
     * path of the rg binary to use, false always uses the JavaScript implementation.
     */
    ripgrep?: boolean | string;
    /** Characters shown of a matching line (default 500). */
    maxLineChars?: number;
    /** Bytes of results shown, kept under the model-visible bound (default 30 KiB). */
    maxOutputBytes?: number;
}
/**
 * grep_files: search file contents with a regex, through ripgrep when it is installed and a JavaScript
 * implementation with the same results when it is not (see search/engine.ts for the two passes).
 */
export declare function grepFilesTool(options?: GrepFilesOptions): ToolSpec;
