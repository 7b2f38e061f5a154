// Helpers of the store tests: events as the runtime emits them, and what another connection sees.
import Database from 'better-sqlite3';
import type { HandrailEvent, HandrailEventType } from '../../src/types/index.js';

let seq = 0;
export function event(
  type: HandrailEventType | string,
  ids: { threadId?: string; turnId?: string; callId?: string } = {},
  payload: Record<string, unknown> = {},
  ts = Date.now(),
): HandrailEvent {
  const e: HandrailEvent = {
    type: type as HandrailEventType,
    seq: ++seq,
    ts,
    threadId: ids.threadId ?? 'thread-1',
    turnId: ids.turnId ?? 'turn-1',
    payload,
  };
  if (ids.callId !== undefined) e.callId = ids.callId;
  return e;
}

/** One call's events as the runtime and the permission stage emit them, with an approval. */
export function callWithApproval(
  ids: { threadId?: string; turnId?: string; callId: string },
  opts: { decision?: string; decidedBy?: string; feedback?: string; ts?: number } = {},
): HandrailEvent[] {
  const ts = opts.ts ?? Date.now();
  const requestId = `req-${ids.callId}`;
  return [
    event(
      'tool/call/started',
      ids,
      { name: 'exec_command', arguments: '{"cmd":"git push origin main"}' },
      ts,
    ),
    event(
      'turn/permission/decided',
      ids,
      {
        tool: 'exec_command',
        action: 'shell_command',
        summary: 'Run git push origin main',
        behavior: 'ask',
        rule: 'exec_command(git push:*)',
        layer: 'project',
        mode: 'supervised',
        requestKey: `key-${ids.callId}`,
      },
      ts + 1,
    ),
    event(
      'turn/permission/request/opened',
      ids,
      {
        requestId,
        requestKey: `key-${ids.callId}`,
        tool: 'exec_command',
        action: 'shell_command',
        summary: 'Run git push origin main',
        preview: { argv: ['git', 'push', 'origin', 'main'] },
        matchedRule: 'exec_command(git push:*)',
        suggestedRule: 'exec_command(git push origin main)',
      },
      ts + 2,
    ),
    event(
      'turn/permission/request/resolved',
      ids,
      {
        requestId,
        requestKey: `key-${ids.callId}`,
        decision: opts.decision ?? 'allow_for_turn',
        decidedBy: opts.decidedBy ?? 'terminal',
        durationMs: 2300,
        ...(opts.feedback ? { feedback: opts.feedback } : {}),
      },
      ts + 2302,
    ),
    event(
      'tool/call/completed',
      ids,
      {
        name: 'exec_command',
        status: 'ok',
        isError: false,
        durationMs: 12.5,
        preview: 'Everything up-to-date',
      },
      ts + 2315,
    ),
  ];
}

/** Rows in the events table, as another connection sees them: only committed ones. */
export function countEvents(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}
