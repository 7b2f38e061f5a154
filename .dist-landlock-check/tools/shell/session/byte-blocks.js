// A byte FIFO stored in blocks the queue owns: its memory is bounded by what it holds, however the bytes
// arrived (a million 2-byte writes must not pin a million pooled slabs).
const MIN_BLOCK = 4 * 1024;
export class ByteBlocks {
    maxBlock;
    blocks = [];
    /** Read position in the first block. */
    start = 0;
    /** Write position in the last block. */
    end = 0;
    size = 0;
    allocated = 0;
    constructor(maxBlock = 64 * 1024) {
        this.maxBlock = maxBlock;
    }
    /** Bytes held. */
    get length() {
        return this.size;
    }
    /** Bytes of block memory owned, held or not (the figure that must stay bounded). */
    get allocatedBytes() {
        return this.allocated;
    }
    /** Copies `src[from, to)` in. */
    append(src, from = 0, to = src.length) {
        let i = from;
        while (i < to) {
            let last = this.blocks[this.blocks.length - 1];
            if (!last || this.end === last.length) {
                // Blocks grow with the content, so small outputs stay small.
                const want = Math.min(this.maxBlock, Math.max(MIN_BLOCK, to - i, this.size));
                last = Buffer.allocUnsafeSlow(want);
                this.blocks.push(last);
                this.allocated += want;
                this.end = 0;
                if (this.blocks.length === 1)
                    this.start = 0;
            }
            const n = Math.min(to - i, last.length - this.end);
            last.set(src.subarray(i, i + n), this.end);
            this.end += n;
            this.size += n;
            i += n;
        }
    }
    /** Forgets the first `n` bytes, freeing blocks as they empty. */
    dropFront(n) {
        let left = Math.min(n, this.size);
        this.size -= left;
        while (left > 0) {
            const first = this.blocks[0];
            const filled = (this.blocks.length === 1 ? this.end : first.length) - this.start;
            if (left < filled) {
                this.start += left;
                return;
            }
            left -= filled;
            this.blocks.shift();
            this.allocated -= first.length;
            this.start = 0;
        }
        if (this.blocks.length === 0)
            this.end = 0;
    }
    /** A copy of the held bytes `[from, to)`, offsets counted from the first held byte. */
    slice(from = 0, to = this.size) {
        const lo = Math.max(0, from);
        const hi = Math.min(this.size, to);
        const out = Buffer.allocUnsafe(Math.max(0, hi - lo));
        let pos = 0; // offset of the current block's first held byte
        let written = 0;
        for (let b = 0; b < this.blocks.length && pos < hi; b++) {
            const block = this.blocks[b];
            const first = b === 0 ? this.start : 0;
            const last = b === this.blocks.length - 1 ? this.end : block.length;
            const len = last - first;
            const a = Math.max(lo, pos);
            const z = Math.min(hi, pos + len);
            if (z > a) {
                block.copy(out, written, first + (a - pos), first + (z - pos));
                written += z - a;
            }
            pos += len;
        }
        return out;
    }
    clear() {
        this.blocks = [];
        this.start = 0;
        this.end = 0;
        this.size = 0;
        this.allocated = 0;
    }
}
//# sourceMappingURL=byte-blocks.js.map