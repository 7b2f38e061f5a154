// Writing one batch and saying exactly what happened to it. Shared by the inline path and the worker, so
// both fail, retry and drop alike; the store turns the result into counters, callbacks and retries.
import type { EventRow } from './rows.js';
import { isTransient } from './sqlite-open.js';
import type { SqliteWriter } from './sqlite-writer.js';

/** The outcome of one attempt at a batch; rows before `settled` are done with, the rest are to be retried. */
export interface BatchResult {
  /** Leading rows committed or dropped for their content: never to be written again. */
  settled: number;
  written: number;
  /** Transactions committed (one per batch, or one per row when a refused row was searched for). */
  commits: number;
  /** Rows the database refused for their content (each also counts as an error). */
  dropped: number;
  lastId: number;
  lastSeq: number;
  /** The last content error, when rows were dropped. */
  rowError?: string;
  /** Why the batch stopped at `settled` (the database, the disk, a lock): the rest is retried later. */
  error?: { message: string; code?: string };
}

export function emptyResult(): BatchResult {
  return { settled: 0, written: 0, commits: 0, dropped: 0, lastId: 0, lastSeq: 0 };
}

/**
 * One transaction for the batch; when the database refuses it for a row's content, the rows one by one so
 * only the rows at fault are dropped. Never throws. `progress` sees the result after every commit, so a
 * worker can publish how far it got before it might die.
 */
export function writeRows(
  writer: () => SqliteWriter,
  rows: EventRow[],
  progress?: (result: BatchResult) => void,
): BatchResult {
  const result = emptyResult();
  if (rows.length === 0) return result;
  try {
    const w = writer();
    w.writeBatch(rows);
    committed(result, rows.length, rows.length, w);
    result.lastSeq = rows[rows.length - 1]!.seq;
    progress?.(result);
    return result;
  } catch (error) {
    // A lone row that fails is retried once as is; the next attempt, batched with others, finds it out.
    if (isTransient(error) || rows.length === 1) {
      result.error = describe(error);
      return result;
    }
  }
  for (let i = 0; i < rows.length; i++) {
    try {
      const w = writer();
      w.writeBatch([rows[i]!]);
      committed(result, 1, i + 1, w);
      result.lastSeq = rows[i]!.seq;
      progress?.(result);
    } catch (error) {
      if (isTransient(error)) {
        result.error = describe(error);
        return result;
      }
      result.settled = i + 1;
      result.dropped++;
      result.rowError = describe(error).message;
    }
  }
  return result;
}

function committed(result: BatchResult, written: number, settled: number, w: SqliteWriter): void {
  result.written += written;
  result.commits++;
  result.settled = settled;
  result.lastId = w.lastId;
}

function describe(error: unknown): { message: string; code?: string } {
  const message = String((error as Error)?.message ?? error);
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? { message, code } : { message };
}
