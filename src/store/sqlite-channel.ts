// Shared memory between the store and its worker: who owns the batch in flight, and what became of it.
//
// The store keeps at most one batch in flight. It offers batch `id` (OFFER = id) and posts it; the worker,
// on receiving it, claims it with compareExchange(OFFER, id → -id) and only then writes. A synchronous flush
// (flushSync, the exit hook) takes the batch back with compareExchange(OFFER, id → 0):
//   - it wins: the worker has not started and never will (its claim now fails) — the main thread writes it;
//   - it loses (OFFER = -id): the worker is writing it — the main thread blocks in Atomics.wait on DONE
//     until the worker stores DONE = id, then reads the result below and writes only the rows not settled.
// Exactly one side writes any row, so nothing is written twice and nothing is skipped. The result slots are
// written before DONE (Atomics.store orders them), and after every commit, so even a worker that died
// mid-batch has said how far it got.
import type { BatchResult } from './sqlite-batch.js';

const OFFER = 0;
const DONE = 1;
const SETTLED = 2;
const WRITTEN = 3;
const COMMITS = 4;
const DROPPED = 5;
const TEXT_LENGTH = 6;
const NUMBERS_AT = 32; // Float64 lastId, lastSeq
const TEXT_AT = 64;
const TEXT_BYTES = 8192;
const MAX_MESSAGE = 1000;

export type Reclaimed = 'revoked' | 'done' | 'running';

export class BatchChannel {
  readonly buffer: SharedArrayBuffer;
  private readonly ints: Int32Array;
  private readonly numbers: Float64Array;
  private readonly text: Buffer;

  constructor(buffer = new SharedArrayBuffer(TEXT_AT + TEXT_BYTES)) {
    this.buffer = buffer;
    this.ints = new Int32Array(buffer, 0, 8);
    this.numbers = new Float64Array(buffer, NUMBERS_AT, 2);
    this.text = Buffer.from(buffer, TEXT_AT, TEXT_BYTES);
  }

  /** Store: `id` is about to be posted; until claimed it may be taken back. */
  offer(id: number): void {
    Atomics.store(this.ints, OFFER, id);
  }

  /** Worker: take `id` for writing; false when the store has taken it back (or moved on). */
  claim(id: number): boolean {
    if (Atomics.compareExchange(this.ints, OFFER, id, -id) !== id) return false;
    this.publish({ settled: 0, written: 0, commits: 0, dropped: 0, lastId: 0, lastSeq: 0 });
    return true;
  }

  /** Worker: the result so far (after each commit) or in full (before `finish`). */
  publish(result: BatchResult): void {
    this.ints[SETTLED] = result.settled;
    this.ints[WRITTEN] = result.written;
    this.ints[COMMITS] = result.commits;
    this.ints[DROPPED] = result.dropped;
    this.numbers[0] = result.lastId;
    this.numbers[1] = result.lastSeq;
    const notes: Record<string, unknown> = {};
    if (result.error) notes.error = { ...result.error, message: result.error.message.slice(0, MAX_MESSAGE) };
    if (result.rowError !== undefined) notes.rowError = result.rowError.slice(0, MAX_MESSAGE);
    const length = result.error || result.rowError !== undefined ? this.text.write(JSON.stringify(notes)) : 0;
    Atomics.store(this.ints, TEXT_LENGTH, length);
  }

  /** Worker: `id` is finished and its result published; wakes a store blocked in `reclaim`. */
  finish(id: number): void {
    Atomics.store(this.ints, DONE, id);
    Atomics.notify(this.ints, DONE);
  }

  /**
   * Store, synchronously: take batch `id` back, or wait up to `timeoutMs` for the worker to finish it.
   * 'running' means the worker still owns it (it hung, or died mid-batch: `result()` says how far it got).
   */
  reclaim(id: number, timeoutMs: number): Reclaimed {
    if (Atomics.compareExchange(this.ints, OFFER, id, 0) === id) return 'revoked';
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = Atomics.load(this.ints, DONE);
      if (done === id) return 'done';
      const left = deadline - Date.now();
      if (left <= 0) return 'running';
      Atomics.wait(this.ints, DONE, done, left);
    }
  }

  /** Store: whether the worker has claimed `id` (and so is writing it, or has written it). */
  isClaimed(id: number): boolean {
    return Atomics.load(this.ints, OFFER) === -id;
  }

  /** Store: what the worker published for the batch it claimed last. */
  result(): BatchResult {
    const length = Atomics.load(this.ints, TEXT_LENGTH);
    const result: BatchResult = {
      settled: this.ints[SETTLED]!,
      written: this.ints[WRITTEN]!,
      commits: this.ints[COMMITS]!,
      dropped: this.ints[DROPPED]!,
      lastId: this.numbers[0]!,
      lastSeq: this.numbers[1]!,
    };
    if (length > 0) {
      try {
        const notes = JSON.parse(this.text.toString('utf8', 0, length)) as Partial<BatchResult>;
        if (notes.error) result.error = notes.error;
        if (notes.rowError !== undefined) result.rowError = notes.rowError;
      } catch {
        result.error = { message: 'unreadable error report from the store worker' };
      }
    }
    return result;
  }
}
