/** Longest path accepted, in UTF-8 bytes (PATH_MAX on Linux). */
export declare const MAX_PATH_BYTES = 4096;
/**
 * Syntax checks that need no file system: empty, NUL, control characters, too long. Returns a problem
 * sentence or undefined. `~` and `$VAR` are deliberately not expanded: they are ordinary characters.
 */
export declare function pathSyntaxProblem(requested: string): {
    reason: 'empty_path' | 'invalid_path';
    message: string;
} | undefined;
/** Whether `child` is `parent` or inside it, by whole path segments (`/a/ws` is not inside `/a/w`). */
export declare function isWithin(child: string, parent: string): boolean;
/** `child` relative to `parent` with forward slashes, or undefined when outside. */
export declare function relativeInside(child: string, parent: string): string | undefined;
