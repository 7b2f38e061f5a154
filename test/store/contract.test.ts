// The behaviour every EventStore shares, run against SQLite and memory alike.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EventStore, MemoryStore, SqliteStore } from '../../src/store/index.js';
import { tempDir } from '../support/temp.js';
import { callWithApproval, event } from './helpers.js';

const stores: Array<[string, () => EventStore]> = [
  ['SqliteStore', () => new SqliteStore({ path: path.join(tempDir(), 'handrail.db') })],
  ['MemoryStore', () => new MemoryStore()],
];

describe.each(stores)('%s', (_name, make) => {
  it('keeps events in order with their ids, and queries see what was just recorded', async () => {
    const store = make();
    store.record(event('turn/started', {}, { workspace: '/w', cwd: '/w' }, 1000));
    for (const e of callWithApproval({ callId: 'c1' }, { ts: 1001 })) store.record(e);
    store.record(event('turn/ended', {}, { calls: 1 }, 5000));
    const events = await store.events();
    expect(events.map((e) => e.type)).toEqual([
      'turn/started',
      'tool/call/started',
      'turn/permission/decided',
      'turn/permission/request/opened',
      'turn/permission/request/resolved',
      'tool/call/completed',
      'turn/ended',
    ]);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));
    expect(events[1]).toMatchObject({ callId: 'c1', threadId: 'thread-1', turnId: 'turn-1' });
    expect(events[2]!.payload).toMatchObject({ rule: 'exec_command(git push:*)', layer: 'project' });
    expect(events[0]!.callId).toBeUndefined();

    expect(await store.threads()).toEqual([{ id: 'thread-1', firstTs: 1000, lastTs: 5000, turns: 1 }]);
    expect(await store.turns({ threadId: 'thread-1' })).toEqual([
      { id: 'turn-1', threadId: 'thread-1', startedTs: 1000, lastTs: 5000, endedTs: 5000, calls: 1 },
    ]);
    await store.close();
  });

  it('fills the approvals table from the opened and resolved events, with who answered', async () => {
    const store = make();
    for (const e of callWithApproval({ callId: 'c1' }, { ts: 1000 })) store.record(e);
    for (const e of callWithApproval(
      { callId: 'c2' },
      { ts: 9000, decision: 'deny', feedback: 'not on main' },
    )) {
      store.record(e);
    }
    // Opened, never answered (yet).
    store.record(
      event(
        'turn/permission/request/opened',
        { callId: 'c3' },
        { requestId: 'req-c3', tool: 'web_fetch', action: 'network', summary: 'GET https://example.com' },
        20_000,
      ),
    );
    const all = await store.approvals();
    expect(all).toHaveLength(3);
    expect(all[0]).toEqual({
      requestId: 'req-c1',
      requestKey: 'key-c1',
      threadId: 'thread-1',
      turnId: 'turn-1',
      callId: 'c1',
      tool: 'exec_command',
      action: 'shell_command',
      summary: 'Run git push origin main',
      rule: 'exec_command(git push:*)',
      suggestedRule: 'exec_command(git push origin main)',
      openedTs: 1002,
      resolvedTs: 3302,
      decision: 'allow_for_turn',
      decidedBy: 'terminal',
      durationMs: 2300,
    });
    expect(all[1]).toMatchObject({ decision: 'deny', feedback: 'not on main' });
    expect((await store.approvals({ pending: true })).map((a) => a.requestId)).toEqual(['req-c3']);
    expect((await store.approvals({ pending: false })).map((a) => a.requestId)).toEqual(['req-c1', 'req-c2']);
    await store.close();
  });

  it('keeps a resolution seen without its opening, and structured rules as JSON text', async () => {
    const store = make();
    store.record(
      event(
        'turn/permission/request/resolved',
        { callId: 'x' },
        { requestId: 'r1', decision: 'expired', decidedBy: 'timeout' },
      ),
    );
    store.record(
      event(
        'turn/permission/request/opened',
        { callId: 'y' },
        {
          requestId: 'r2',
          matchedRule: { tool: 'exec_command', command: ['rm'], decision: 'ask' },
        },
      ),
    );
    const [r1, r2] = await store.approvals();
    expect(r1).toMatchObject({ requestId: 'r1', decision: 'expired', decidedBy: 'timeout', callId: 'x' });
    expect(r1!.openedTs).toBeUndefined();
    expect(JSON.parse(r2!.rule!)).toEqual({ tool: 'exec_command', command: ['rm'], decision: 'ask' });
  });

  it('records spilled outputs named by a completed call’s projection', async () => {
    const store = make();
    store.record(
      event(
        'tool/call/completed',
        { callId: 'big' },
        {
          name: 'exec_command',
          status: 'partial',
          isError: false,
          durationMs: 3,
          projection: {
            truncated: true,
            totalBytes: 5_000_000,
            shownBytes: 30_000,
            fullOutput: '.handrail/outputs/t/big.txt',
          },
        },
      ),
    );
    store.record(
      event(
        'tool/call/completed',
        { callId: 'cut' },
        {
          projection: { truncated: true, totalBytes: 10, shownBytes: 5, storageError: 'disk full' },
        },
      ),
    );
    expect(await store.outputs()).toEqual([
      {
        threadId: 'thread-1',
        turnId: 'turn-1',
        callId: 'big',
        path: '.handrail/outputs/t/big.txt',
        bytes: 5_000_000,
        ts: expect.any(Number),
      },
    ]);
  });

  it('filters events by thread, turn, call, type and cursor', async () => {
    const store = make();
    store.record(event('turn/started', { threadId: 'A', turnId: 'a1' }));
    store.record(
      event('tool/call/started', { threadId: 'A', turnId: 'a1', callId: 'k' }, { name: 'read_file' }),
    );
    store.record(event('turn/started', { threadId: 'B', turnId: 'b1' }));
    store.record(
      event('tool/call/completed', { threadId: 'A', turnId: 'a1', callId: 'k' }, { status: 'ok' }),
    );
    expect((await store.events({ threadId: 'A' })).map((e) => e.type)).toEqual([
      'turn/started',
      'tool/call/started',
      'tool/call/completed',
    ]);
    expect(await store.events({ turnId: 'b1' })).toHaveLength(1);
    expect(await store.events({ callId: 'k' })).toHaveLength(2);
    expect((await store.events({ types: ['turn/started'] })).map((e) => e.threadId)).toEqual(['A', 'B']);
    const all = await store.events();
    expect(await store.events({ afterId: all[1]!.id })).toEqual(all.slice(2));
    expect(await store.events({ afterSeq: all[2]!.seq })).toEqual(all.slice(3));
    expect(await store.events({ limit: 2 })).toEqual(all.slice(0, 2));
    // Ordered by last activity: A's last event came after B's, or in the same millisecond.
    const threads = await store.threads();
    expect(threads.map((t) => t.id).sort()).toEqual(['A', 'B']);
    expect(threads.map((t) => t.lastTs)).toEqual([...threads.map((t) => t.lastTs)].sort((a, b) => a - b));
  });

  it('stores what it cannot serialize, unknown types and malformed events without throwing', async () => {
    const store = make();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    store.record(event('tool/call/progress', { callId: 'p' }, cyclic));
    store.record(event('tool/call/progress', { callId: 'p' }, { big: 10n }));
    store.record(event('custom/plugin/thing', {}, { hello: 'world' }));
    store.record({ type: 'tool/call/started', payload: null } as never);
    store.record(null as never);
    store.record(event('tool/call/progress', {}, { chunk: 'x'.repeat(2_000_000) }));
    const events = await store.events();
    expect(events).toHaveLength(6);
    expect(events[0]!.payload).toMatchObject({ unserializable: expect.stringContaining('circular') });
    expect(events[1]!.payload).toEqual({ big: '10' });
    expect(events[2]).toMatchObject({ type: 'custom/plugin/thing', payload: { hello: 'world' } });
    expect(events[3]).toMatchObject({ type: 'tool/call/started', threadId: '', turnId: '' });
    expect(events[4]).toMatchObject({ type: 'unknown' });
    expect(events[5]!.payload).toMatchObject({ truncated: true, bytes: expect.any(Number) });
    expect(JSON.stringify(events[5]!.payload).length).toBeLessThan(300 * 1024);
    expect(store.health().ok).toBe(true);
  });

  it('snapshots a payload when recorded: later mutation does not rewrite history', async () => {
    const store = make();
    const payload = { name: 'write_file', arguments: 'first' };
    store.record(event('tool/call/started', { callId: 'm' }, payload));
    payload.arguments = 'second';
    expect((await store.events())[0]!.payload.arguments).toBe('first');
  });
});
