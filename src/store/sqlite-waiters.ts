// Awaited flushes: each waits for the batch numbered `target` (the first holding all of its events) to be
// attempted. Batches are numbered in the order they are sent, so settling batch n settles every wait ≤ n.
export class FlushWaiters {
  private waiting: Array<{ target: number; resolve: () => void }> = [];

  get size(): number {
    return this.waiting.length;
  }

  add(target: number): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ target, resolve }));
  }

  /** Resolve the waits for batches up to `upTo` (Infinity: all of them). */
  settle(upTo: number): void {
    if (this.waiting.length === 0) return;
    const ready = this.waiting.filter((w) => w.target <= upTo);
    this.waiting = this.waiting.filter((w) => w.target > upTo);
    for (const w of ready) w.resolve();
  }
}
