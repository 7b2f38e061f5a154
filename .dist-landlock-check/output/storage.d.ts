/** Where an OutputStore writes and how much it keeps. */
export interface OutputStoreOptions {
    dir: string;
    /** Files kept before the oldest are pruned (default 500). */
    maxFiles?: number;
    /** Bytes kept before the oldest files are pruned (default 512 MiB). */
    maxTotalBytes?: number;
    /** Bytes per file; text beyond is cut with a final line saying so (default 64 MiB). */
    maxFileBytes?: number;
}
/** A saved output: its absolute path and its size on disk. */
export interface SavedOutput {
    path: string;
    bytes: number;
}
/** Byte window for `OutputStore.read`; both in bytes, realigned to whole UTF-8 characters. */
export interface ReadWindow {
    offset?: number;
    length?: number;
}
/** Saves full outputs as `<dir>/<turnId>/<callId>.txt`, private to the user and pruned oldest first. */
export declare class OutputStore {
    /** Absolute directory the outputs live in. */
    readonly dir: string;
    private readonly maxFiles;
    private readonly maxTotalBytes;
    private readonly maxFileBytes;
    private ready;
    private realDir;
    private entries;
    private totalBytes;
    private readonly inFlight;
    constructor(opts: OutputStoreOptions);
    /** Writes `text` atomically to a new file for this call and prunes old outputs; never overwrites. */
    save(turnId: string, callId: string, text: string): Promise<SavedOutput>;
    /**
     * Reads a saved output back, `opts` being a byte window. Relative paths resolve against `dir`; anything
     * outside `dir`, through a symbolic link, or not a regular file is refused with an Error.
     */
    read(file: string, opts?: ReadWindow): Promise<string>;
    private init;
    private setup;
    /** Deletes the oldest outputs until within maxFiles and maxTotalBytes. */
    private prune;
    /** Maps a caller's path to a file under the real store directory, or throws. */
    private resolveInside;
    /** The store directory with links resolved, or undefined while it does not exist. */
    private resolveRealDir;
}
