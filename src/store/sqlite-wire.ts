// How a batch of rows crosses to the store worker: one flat array of primitives per batch. Measured against
// the alternatives on the main thread (which pays for the copy): cloning the row objects costs about twice
// as much, and one JSON string per batch five to ten times as much (the payloads, already JSON, are escaped
// again), while a flat array clones at memcpy-like speed. The rare side-table fields ride along as objects.
import type { EventRow } from './rows.js';

const FIELDS = 8;

type Extra = Pick<EventRow, 'turnStarted' | 'turnEnded' | 'output' | 'approvalOpened' | 'approvalResolved'>;

export interface WireBatch {
  id: number;
  session: string;
  flat: unknown[];
}

export function encodeBatch(id: number, session: string, rows: readonly EventRow[]): WireBatch {
  const flat: unknown[] = new Array(rows.length * FIELDS);
  let i = 0;
  for (const r of rows) {
    flat[i++] = r.seq;
    flat[i++] = r.ts;
    flat[i++] = r.type;
    flat[i++] = r.threadId;
    flat[i++] = r.turnId;
    flat[i++] = r.callId;
    flat[i++] = r.payload;
    flat[i++] = extraOf(r);
  }
  return { id, session, flat };
}

export function decodeBatch(batch: WireBatch): EventRow[] {
  const { flat, session } = batch;
  const rows: EventRow[] = [];
  for (let i = 0; i + FIELDS <= flat.length; i += FIELDS) {
    const row: EventRow = {
      session,
      seq: flat[i] as number,
      ts: flat[i + 1] as number,
      type: flat[i + 2] as string,
      threadId: flat[i + 3] as string,
      turnId: flat[i + 4] as string,
      callId: flat[i + 5] as string | null,
      payload: flat[i + 6] as string,
    };
    const extra = flat[i + 7] as Extra | null;
    if (extra) Object.assign(row, extra);
    rows.push(row);
  }
  return rows;
}

function extraOf(r: EventRow): Extra | null {
  if (!r.turnStarted && !r.turnEnded && !r.output && !r.approvalOpened && !r.approvalResolved) return null;
  const extra: Extra = {};
  if (r.turnStarted) extra.turnStarted = r.turnStarted;
  if (r.turnEnded) extra.turnEnded = r.turnEnded;
  if (r.output) extra.output = r.output;
  if (r.approvalOpened) extra.approvalOpened = r.approvalOpened;
  if (r.approvalResolved) extra.approvalResolved = r.approvalResolved;
  return extra;
}
