/** Bytes at the end of `bytes` that begin a character not yet complete (0–3). */
export declare function incompleteTail(bytes: Uint8Array): number;
/** Continuation bytes at the start of `bytes`: the rest of a character whose start is gone (0–3). */
export declare function orphanHead(bytes: Uint8Array): number;
/** The largest cut ≤ `at` in `bytes` that does not split a character (falls back to `at` for binary). */
export declare function boundaryAtOrBefore(bytes: Uint8Array, at: number): number;
