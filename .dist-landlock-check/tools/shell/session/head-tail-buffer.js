// A bounded record of a process's output: the first half and the most recent half of what was written,
// with exact accounting of the bytes dropped in between. Offsets are absolute stream offsets.
import { ByteBlocks } from './byte-blocks.js';
import { boundaryAtOrBefore, incompleteTail, orphanHead } from './utf8-edges.js';
export const DEFAULT_BUFFER_BYTES = 1024 * 1024;
const numbers = new Intl.NumberFormat('en-US');
/** The line put where bytes were dropped. */
export function droppedMarker(bytes) {
    return `[... ${numbers.format(bytes)} bytes of output dropped ...]`;
}
export class HeadTailBuffer {
    capacity;
    headCap;
    tailCap;
    head;
    tail;
    /** Stream offset of the head's first byte. */
    base = 0;
    /** Once bytes went to the tail the head takes no more (order must hold). */
    sealed = false;
    total = 0;
    dropped = 0;
    constructor(capacity = DEFAULT_BUFFER_BYTES) {
        if (!Number.isSafeInteger(capacity) || capacity < 16)
            throw new RangeError('capacity must be ≥ 16 bytes');
        this.capacity = capacity;
        this.headCap = Math.floor(capacity / 2);
        this.tailCap = capacity - this.headCap;
        const block = Math.max(16, Math.min(64 * 1024, Math.floor(this.tailCap / 4)));
        this.head = new ByteBlocks(block);
        this.tail = new ByteBlocks(block);
    }
    /** Bytes ever written. */
    get totalBytes() {
        return this.total;
    }
    get baseOffset() {
        return this.base;
    }
    write(chunk) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        const n = bytes.length;
        if (n === 0)
            return;
        this.total += n;
        let from = 0;
        if (!this.sealed) {
            const room = this.headCap - this.head.length;
            if (n <= room) {
                this.head.append(bytes);
                return;
            }
            from = boundaryAtOrBefore(bytes, room);
            this.head.append(bytes, 0, from);
            this.sealed = true;
        }
        const rest = n - from;
        if (rest >= this.tailCap) {
            // Only the chunk's last tailCap bytes can survive: skip the rest without copying it.
            this.dropped += this.tail.length + (rest - this.tailCap);
            this.tail.clear();
            this.tail.append(bytes, n - this.tailCap, n);
            return;
        }
        const over = this.tail.length + rest - this.tailCap;
        if (over > 0) {
            this.tail.dropFront(over);
            this.dropped += over;
        }
        this.tail.append(bytes, from, n);
    }
    /**
     * Everything after `cursor` that the caller has not seen. A character still incomplete at the end is kept
     * for the next read unless `final` (the stream has ended).
     */
    readSince(cursor, opts = {}) {
        const from = Math.max(0, Math.min(cursor, this.total));
        const headEnd = this.base + this.head.length;
        const tailStart = this.total - this.tail.length;
        let dropped = Math.max(0, this.base - from);
        const gap = this.sealed ? Math.max(0, tailStart - Math.max(from, headEnd)) : 0;
        dropped += gap;
        let headBytes = from < headEnd ? this.head.slice(Math.max(0, from - this.base)) : Buffer.alloc(0);
        let tailBytes = this.tail.length > 0 ? this.tail.slice(Math.max(0, from - tailStart)) : Buffer.alloc(0);
        if (dropped > 0) {
            // Characters split by the cut count as dropped rather than showing up as replacement characters.
            const cutEnd = gap > 0 ? incompleteTail(headBytes) : 0;
            const cutStart = tailBytes.length > 0 ? orphanHead(tailBytes) : orphanHead(headBytes);
            if (tailBytes.length > 0) {
                headBytes = headBytes.subarray(0, headBytes.length - cutEnd);
                tailBytes = tailBytes.subarray(cutStart);
            }
            else {
                headBytes = headBytes.subarray(cutStart, headBytes.length - cutEnd);
            }
            dropped += cutEnd + cutStart;
        }
        let next = this.total;
        if (!opts.final) {
            const last = tailBytes.length > 0 ? 'tail' : 'head';
            const held = incompleteTail(last === 'tail' ? tailBytes : headBytes);
            if (held > 0) {
                next -= held;
                if (last === 'tail')
                    tailBytes = tailBytes.subarray(0, tailBytes.length - held);
                else
                    headBytes = headBytes.subarray(0, headBytes.length - held);
            }
        }
        return assemble(headBytes, dropped, tailBytes, next - from, next);
    }
    /** Forgets everything before `offset` (the caller has read it): the head starts afresh there. */
    release(offset) {
        const at = Math.min(offset, this.total);
        if (at <= this.base)
            return;
        const headEnd = this.base + this.head.length;
        const tailStart = this.total - this.tail.length;
        const headKeep = at < headEnd ? this.head.slice(at - this.base) : undefined;
        const tailKeep = this.tail.length > 0 ? this.tail.slice(Math.max(0, at - tailStart)) : undefined;
        const gap = this.sealed ? Math.max(0, tailStart - Math.max(at, headEnd)) : 0;
        this.head.clear();
        this.tail.clear();
        this.base = at;
        this.sealed = false;
        if (gap === 0) {
            // Contiguous: lay what is left out again from the head (it fits: it was held).
            const keep = Buffer.concat([headKeep ?? Buffer.alloc(0), tailKeep ?? Buffer.alloc(0)]);
            if (keep.length <= this.headCap) {
                this.head.append(keep);
            }
            else {
                const cut = boundaryAtOrBefore(keep, this.headCap);
                this.head.append(keep, 0, cut);
                this.sealed = true;
                this.tail.append(keep, cut);
            }
        }
        else {
            // A dropped stretch is still unread: keep it between the two parts so readSince reports it.
            if (headKeep)
                this.head.append(headKeep);
            this.sealed = true;
            if (tailKeep)
                this.tail.append(tailKeep);
        }
    }
    stats() {
        return {
            capacity: this.capacity,
            headBytes: this.head.length,
            tailBytes: this.tail.length,
            allocatedBytes: this.head.allocatedBytes + this.tail.allocatedBytes,
            totalBytes: this.total,
            droppedBytes: this.dropped,
            baseOffset: this.base,
        };
    }
}
function assemble(headBytes, dropped, tailBytes, bytes, next) {
    if (dropped === 0) {
        // Decoded together: the head may end inside a character the tail completes.
        const all = Buffer.concat([headBytes, tailBytes]).toString('utf8');
        return { head: all, droppedBytes: 0, tail: '', text: all, bytes, next };
    }
    const head = headBytes.toString('utf8');
    const tail = tailBytes.toString('utf8');
    const before = head === '' || head.endsWith('\n') ? head : `${head}\n`;
    const text = `${before}${droppedMarker(dropped)}\n${tail}`;
    return { head, droppedBytes: dropped, tail, text, bytes, next };
}
//# sourceMappingURL=head-tail-buffer.js.map