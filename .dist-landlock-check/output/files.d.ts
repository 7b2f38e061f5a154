/** A saved file and its size, as the store tracks it. */
export interface FileEntry {
    path: string;
    bytes: number;
}
/** Restricts an id to a safe file name: `[A-Za-z0-9._-]`, at most 100 chars, no leading dot. */
export declare function safeId(id: string): string;
/** The text to store, cut to `maxBytes` with a final line saying how much was dropped. */
export declare function capped(text: string, maxBytes: number): string | Buffer;
/** Writes `data` to `<dir>/<base>.txt`, or `<base>-2.txt` and so on if taken; atomic and never replacing. */
export declare function writeNew(dir: string, base: string, data: string | Buffer): Promise<string>;
/** Saved outputs already on disk (`<dir>/<turn>/<call>.txt`), for pruning across runs. */
export declare function inventory(dir: string): Promise<Array<FileEntry & {
    mtimeMs: number;
}>>;
/** Whether a byte continues a UTF-8 sequence rather than starting a character. */
export declare function isContinuation(byte: number): boolean;
/** The `code` of a Node system error, if any. */
export declare function errorCode(err: unknown): string | undefined;
/** A catch handler that swallows one error code and rethrows the rest. */
export declare function ignore(code: string): (err: unknown) => void;
