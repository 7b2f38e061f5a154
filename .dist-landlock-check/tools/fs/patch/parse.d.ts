import type { ParsedPatch } from './types.js';
/** A patch that cannot be parsed; `line` is 1-based in the text the model sent. */
export declare class PatchSyntaxError extends Error {
    readonly line: number | undefined;
    constructor(message: string, line?: number);
}
/**
 * Parse a patch in the Codex format, with its leniencies: markers may carry surrounding whitespace, a
 * heredoc wrapper (`<<'EOF'` … `EOF`) is removed, and the first chunk of an update may omit `@@`. A few
 * more: headers are matched case-insensitively, blank lines between operations and inside added files are
 * accepted, a unified-diff range (`@@ -1,3 +1,4 @@`) is read as a bare `@@`, and git's
 * `\ No newline at end of file` is ignored.
 */
export declare function parsePatch(text: string): ParsedPatch;
