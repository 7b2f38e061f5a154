/**
 * The absolute path of a helper program, looked up in the system directories only (never the caller's
 * PATH, which a profile or a model might influence). Cached for the life of the process.
 */
export declare function findExecutable(name: string): string | undefined;
