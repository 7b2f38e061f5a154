export declare class ByteBlocks {
    private readonly maxBlock;
    private blocks;
    /** Read position in the first block. */
    private start;
    /** Write position in the last block. */
    private end;
    private size;
    private allocated;
    constructor(maxBlock?: number);
    /** Bytes held. */
    get length(): number;
    /** Bytes of block memory owned, held or not (the figure that must stay bounded). */
    get allocatedBytes(): number;
    /** Copies `src[from, to)` in. */
    append(src: Uint8Array, from?: number, to?: number): void;
    /** Forgets the first `n` bytes, freeing blocks as they empty. */
    dropFront(n: number): void;
    /** A copy of the held bytes `[from, to)`, offsets counted from the first held byte. */
    slice(from?: number, to?: number): Buffer;
    clear(): void;
}
