export declare const DEFAULT_BUFFER_BYTES: number;
/** What a reader has not seen yet. */
export interface BufferRead {
    /** Text before the dropped stretch (all of it when nothing was dropped). */
    head: string;
    /** Bytes written after the cursor that are no longer held (includes split characters at the cut). */
    droppedBytes: number;
    /** Text after the dropped stretch ('' when nothing was dropped). */
    tail: string;
    /** `head`, a `[... N bytes of output dropped ...]` line when something was, then `tail`. */
    text: string;
    /** Bytes of output this read covers (`next - cursor`), dropped ones included. */
    bytes: number;
    /** The cursor for the next read: past everything returned, before a character still incomplete. */
    next: number;
}
export interface HeadTailStats {
    capacity: number;
    headBytes: number;
    tailBytes: number;
    /** Block memory owned by the buffer (stays within capacity plus two blocks). */
    allocatedBytes: number;
    totalBytes: number;
    /** All bytes ever dropped from the middle. */
    droppedBytes: number;
    /** Offset of the first byte still held or addressable (everything before was released). */
    baseOffset: number;
}
/** The line put where bytes were dropped. */
export declare function droppedMarker(bytes: number): string;
export declare class HeadTailBuffer {
    readonly capacity: number;
    private readonly headCap;
    private readonly tailCap;
    private readonly head;
    private readonly tail;
    /** Stream offset of the head's first byte. */
    private base;
    /** Once bytes went to the tail the head takes no more (order must hold). */
    private sealed;
    private total;
    private dropped;
    constructor(capacity?: number);
    /** Bytes ever written. */
    get totalBytes(): number;
    get baseOffset(): number;
    write(chunk: string | Uint8Array): void;
    /**
     * Everything after `cursor` that the caller has not seen. A character still incomplete at the end is kept
     * for the next read unless `final` (the stream has ended).
     */
    readSince(cursor: number, opts?: {
        final?: boolean;
    }): BufferRead;
    /** Forgets everything before `offset` (the caller has read it): the head starts afresh there. */
    release(offset: number): void;
    stats(): HeadTailStats;
}
