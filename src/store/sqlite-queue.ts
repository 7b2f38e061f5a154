// The rows waiting to be written, with their payload bytes: bounded by the store, trimmed oldest-first
// while the database fails.
import type { EventRow } from './rows.js';

export class RowQueue {
  private rows: EventRow[] = [];
  bytes = 0;

  get length(): number {
    return this.rows.length;
  }

  push(row: EventRow): void {
    this.rows.push(row);
    this.bytes += row.payload.length;
  }

  /** Everything queued, oldest first; the queue is left empty. */
  take(): EventRow[] {
    const rows = this.rows;
    this.rows = [];
    this.bytes = 0;
    return rows;
  }

  /** Rows that were taken and not written go back in front, ahead of what was queued since. */
  putBack(rows: EventRow[]): void {
    if (rows.length === 0) return;
    this.rows = rows.concat(this.rows);
    for (const row of rows) this.bytes += row.payload.length;
  }

  /** Drop the oldest rows until at most `maxRows` (and `maxBytes`, keeping one) remain; how many went. */
  trim(maxRows: number, maxBytes: number): number {
    let drop = 0;
    let bytes = this.bytes;
    while (
      drop < this.rows.length &&
      (this.rows.length - drop > maxRows || (bytes > maxBytes && this.rows.length - drop > 1))
    ) {
      bytes -= this.rows[drop]!.payload.length;
      drop++;
    }
    if (drop > 0) {
      this.rows = this.rows.slice(drop);
      this.bytes = bytes;
    }
    return drop;
  }
}
