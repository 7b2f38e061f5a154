import { describe, expect, it } from 'vitest';
import { ByteBlocks } from '../../../../src/tools/shell/session/byte-blocks.js';
import { droppedMarker, HeadTailBuffer } from '../../../../src/tools/shell/session/head-tail-buffer.js';

describe('HeadTailBuffer', () => {
  it('returns everything while it fits, and only what the reader has not seen', () => {
    const buffer = new HeadTailBuffer(64);
    buffer.write('hello ');
    buffer.write(Buffer.from('world\n'));
    const first = buffer.readSince(0);
    expect(first).toMatchObject({ text: 'hello world\n', droppedBytes: 0, bytes: 12, next: 12 });
    buffer.write('again\n');
    expect(buffer.readSince(first.next)).toMatchObject({ text: 'again\n', droppedBytes: 0, next: 18 });
    expect(buffer.readSince(18)).toMatchObject({ text: '', droppedBytes: 0, bytes: 0, next: 18 });
  });

  it('keeps the first half and the latest half, with the exact number of bytes dropped between', () => {
    const buffer = new HeadTailBuffer(20);
    buffer.write('0123456789'); // the head (10 bytes)
    buffer.write('abcdefghij');
    buffer.write('KLMNOPQRST'); // the tail keeps the last 10
    const read = buffer.readSince(0);
    expect(read.head).toBe('0123456789');
    expect(read.tail).toBe('KLMNOPQRST');
    expect(read.droppedBytes).toBe(10);
    expect(read.bytes).toBe(30);
    expect(read.text).toBe(`0123456789\n${droppedMarker(10)}\nKLMNOPQRST`);
    expect(buffer.stats()).toMatchObject({ headBytes: 10, tailBytes: 10, totalBytes: 30, droppedBytes: 10 });
  });

  it('formats the marker with thousands separators', () => {
    expect(droppedMarker(734003)).toBe('[... 734,003 bytes of output dropped ...]');
  });

  it('reports dropped bytes relative to the cursor: a reader that saw the head misses only the gap', () => {
    const buffer = new HeadTailBuffer(20);
    buffer.write('0123456789');
    const seen = buffer.readSince(0);
    buffer.write('x'.repeat(1000));
    buffer.write('tail-end!!');
    const read = buffer.readSince(seen.next);
    expect(read.head).toBe('');
    expect(read.tail).toBe('tail-end!!');
    expect(read.droppedBytes).toBe(1000);
    expect(read.text).toBe(`${droppedMarker(1000)}\ntail-end!!`);
  });

  it('after release, the head starts afresh at the reader’s position', () => {
    const buffer = new HeadTailBuffer(20);
    buffer.write('a'.repeat(50));
    const first = buffer.readSince(0);
    buffer.release(first.next);
    buffer.write('0123456789abcdefghijKLMNOPQRST');
    const second = buffer.readSince(first.next);
    expect(second.head).toBe('0123456789');
    expect(second.tail).toBe('KLMNOPQRST');
    expect(second.droppedBytes).toBe(10);
    expect(buffer.stats().baseOffset).toBe(50);
  });

  it('release keeps an unread dropped stretch reported', () => {
    const buffer = new HeadTailBuffer(20);
    buffer.write('0123456789');
    buffer.write('-'.repeat(100));
    buffer.write('abcdefghij');
    buffer.release(5); // the reader saw 5 bytes
    const read = buffer.readSince(5);
    expect(read.head).toBe('56789');
    expect(read.droppedBytes).toBe(100);
    expect(read.tail).toBe('abcdefghij');
  });

  it('release of contiguous data lays it out again without losing bytes', () => {
    const buffer = new HeadTailBuffer(20);
    buffer.write('0123456789ABCDEFGHIJ'); // exactly full, nothing dropped
    buffer.release(3);
    expect(buffer.readSince(3)).toMatchObject({ text: '3456789ABCDEFGHIJ', droppedBytes: 0 });
    buffer.write('012'); // 20 bytes held again: still nothing dropped
    expect(buffer.readSince(3)).toMatchObject({ text: '3456789ABCDEFGHIJ012', droppedBytes: 0 });
    buffer.write('3'); // one over: the oldest byte of the tail goes
    expect(buffer.readSince(3)).toMatchObject({ head: '3456789ABC', droppedBytes: 1, tail: 'EFGHIJ0123' });
  });

  it('never splits a character at the cuts: split bytes count as dropped', () => {
    const buffer = new HeadTailBuffer(16); // head 8, tail 8
    // 'é' is 2 bytes, '€' is 3: the head cut at 8 bytes falls inside a character.
    buffer.write('abcdefé€'); // a..f (6) + é (2) = 8, then € (3) starts the tail
    buffer.write('x'.repeat(20));
    buffer.write('€€€'); // 9 bytes: the tail's 8 start inside the first '€'
    const read = buffer.readSince(0);
    expect(read.head).toBe('abcdefé');
    expect(read.tail).not.toContain('\ufffd');
    expect(read.head).not.toContain('\ufffd');
    // Every byte is either shown or counted as dropped.
    expect(Buffer.byteLength(read.head) + Buffer.byteLength(read.tail) + read.droppedBytes).toBe(read.bytes);
    expect(read.bytes).toBe(Buffer.byteLength('abcdefé€') + 20 + 9);
    expect(read.tail).toBe('€€');
  });

  it('a chunk splitting a character mid-head seals the head before it', () => {
    const buffer = new HeadTailBuffer(16);
    buffer.write('abcdefg€'); // 7 + 3: the cut at 8 would split '€'
    buffer.write('z'.repeat(30));
    const read = buffer.readSince(0);
    expect(read.head).toBe('abcdefg');
    expect(read.text).not.toContain('\ufffd');
    expect(Buffer.byteLength(read.head) + Buffer.byteLength(read.tail) + read.droppedBytes).toBe(read.bytes);
  });

  it('holds back a character whose bytes have not all arrived, until they do or the stream ends', () => {
    const buffer = new HeadTailBuffer(64);
    const euro = Buffer.from('€');
    buffer.write(Buffer.concat([Buffer.from('price: '), euro.subarray(0, 2)]));
    const first = buffer.readSince(0);
    expect(first.text).toBe('price: ');
    expect(first.next).toBe(7);
    buffer.write(euro.subarray(2));
    expect(buffer.readSince(first.next).text).toBe('€');
    // At the end of the stream a lone partial character is returned (as a replacement character).
    const cut = new HeadTailBuffer(64);
    cut.write(euro.subarray(0, 1));
    expect(cut.readSince(0).text).toBe('');
    expect(cut.readSince(0, { final: true })).toMatchObject({ text: '\ufffd', next: 1 });
  });

  it('decodes a character split between head and tail when nothing was dropped', () => {
    const buffer = new HeadTailBuffer(16);
    const bytes = Buffer.from('abcdefg€x'); // 11 bytes; the head fills at 8 in the middle of '€'
    buffer.write(bytes.subarray(0, 8));
    buffer.write(bytes.subarray(8));
    expect(buffer.readSince(0)).toMatchObject({ text: 'abcdefg€x', droppedBytes: 0 });
  });

  it('stays bounded whatever is written: 1 GB in 64 KiB chunks', () => {
    const capacity = 1024 * 1024;
    const buffer = new HeadTailBuffer(capacity);
    const chunk = Buffer.alloc(64 * 1024, 'y\n');
    const chunks = (1024 * 1024 * 1024) / chunk.length;
    let maxAllocated = 0;
    for (let i = 0; i < chunks; i++) {
      buffer.write(chunk);
      if (i % 256 === 0) maxAllocated = Math.max(maxAllocated, buffer.stats().allocatedBytes);
    }
    const stats = buffer.stats();
    expect(stats.totalBytes).toBe(1024 * 1024 * 1024);
    expect(stats.headBytes + stats.tailBytes).toBe(capacity);
    expect(stats.droppedBytes).toBe(1024 * 1024 * 1024 - capacity);
    // Blocks are at most 64 KiB; the tail may straddle one extra.
    expect(Math.max(maxAllocated, stats.allocatedBytes)).toBeLessThanOrEqual(capacity + 2 * 64 * 1024);
    const read = buffer.readSince(0);
    expect(read.droppedBytes).toBe(1024 * 1024 * 1024 - capacity);
    expect(read.text).toContain('[... 1,072,693,248 bytes of output dropped ...]');
  });

  it('stays bounded with tiny writes and with one huge write', () => {
    const tiny = new HeadTailBuffer(4096);
    for (let i = 0; i < 200_000; i++) tiny.write('y\n');
    expect(tiny.stats().allocatedBytes).toBeLessThanOrEqual(4096 + 2 * 1024);
    expect(tiny.stats().droppedBytes).toBe(400_000 - 4096);

    const huge = new HeadTailBuffer(4096);
    huge.write('a'.repeat(3_000_000));
    expect(huge.stats()).toMatchObject({ headBytes: 2048, tailBytes: 2048, droppedBytes: 3_000_000 - 4096 });
    expect(huge.stats().allocatedBytes).toBeLessThanOrEqual(4096 + 2 * 1024);
  });
});

describe('ByteBlocks', () => {
  it('appends, drops from the front and slices across blocks', () => {
    const q = new ByteBlocks(16);
    const data = Buffer.from('abcdefghijklmnopqrstuvwxyz0123456789');
    q.append(data, 0, 10);
    q.append(data, 10);
    expect(q.length).toBe(36);
    expect(q.slice().toString()).toBe(data.toString());
    q.dropFront(20);
    expect(q.slice().toString()).toBe('uvwxyz0123456789');
    expect(q.slice(3, 9).toString()).toBe('xyz012');
    q.dropFront(100);
    expect(q.length).toBe(0);
    expect(q.allocatedBytes).toBe(0);
  });
});
