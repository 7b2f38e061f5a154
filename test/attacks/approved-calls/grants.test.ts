// Attacks on remembered approvals (turn grants keyed by thread and turn, sandbox exceptions for the
// turn): an approval must not reach another thread, another turn, another tool, nor outlive its turn. Each
// test asserts the SAFE behaviour: a failing test is a hole.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApprovalRequest, ApproverAnswer, RuntimeOptions } from '../../../src/index.js';
import { recordingConnector, serve, tableResolver } from '../../sandbox/network/helpers.js';
import { text } from '../../support/results.js';
import { type Answer, askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });

function world(answer: Answer = 'allow_for_turn', options: Partial<RuntimeOptions> = {}) {
  const ws = realpathSync(tempDir('hr-r2g-ws-'));
  const area = realpathSync(tempDir('hr-r2g-area-'));
  const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`], ...options }, answer);
  return { ...h, ws, area };
}

async function restricted() {
  const server = await serve((_req, res) => res.end('page body'));
  const dns = tableResolver({ 'files.example.com': ['93.184.216.34'] });
  const dial = recordingConnector({ '93.184.216.34': server.port });
  return {
    mode: 'restricted' as const,
    allow: ['docs.example.com'],
    resolver: dns.resolver,
    connector: dial.connector,
  };
}

describe('file exceptions approved for the turn', () => {
  test('another tool on the same path in the same turn is asked (the grant is per call)', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    await h.turn.call(write(target, 'one\n'));
    await h.turn.call(call('edit_file', { path: target, old_string: 'one', new_string: 'two' }));
    await h.turn.call(
      call('apply_patch', { patch: `*** Begin Patch\n*** Delete File: ${target}\n*** End Patch` }),
    );
    expect(h.asked.map((r) => r.tool)).toEqual(['write_file', 'edit_file', 'apply_patch']);
  });

  test('the same call in another thread whose turn has the same id is asked, with the exception', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    const a = h.runtime.beginTurn({ threadId: 'A', turnId: 'T' });
    const b = h.runtime.beginTurn({ threadId: 'B', turnId: 'T' });
    await a.call(write(target));
    await b.call(call('edit_file', { path: target, old_string: 'x', new_string: 'y' }));
    expect(h.asked.map((r) => [r.threadId, r.widens])).toEqual([
      ['A', `allow writing ${target} (outside the roots)`],
      ['B', `allow writing ${target} (outside the roots)`],
    ]);
  });

  test('thread ids that would collide if joined ("A\\u0000T" + "X" vs "A" + "T\\u0000X") share nothing', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    const a = h.runtime.beginTurn({ threadId: 'A\u0000T', turnId: 'X' });
    const b = h.runtime.beginTurn({ threadId: 'A', turnId: 'T\u0000X' });
    const c = h.runtime.beginTurn({ threadId: 'A', turnId: 'X' });
    await a.call(write(target));
    await b.call(write(target));
    await c.call(write(target));
    expect(h.asked).toHaveLength(3);
  });

  test('an approval answered allow_for_turn after the turn ended does not open the next turn of that id', async () => {
    let release: (answer: ApproverAnswer) => void = () => {};
    let first = true;
    const h = world((_request: ApprovalRequest) => {
      if (!first) return 'deny';
      first = false;
      return new Promise<ApproverAnswer>((resolve) => {
        release = resolve;
      }) as never;
    });
    const target = path.join(h.area, 'r.csv');
    const a = h.runtime.beginTurn({ threadId: 'A', turnId: 'T' });
    const pending = a.call(write(target, 'late\n'));
    await new Promise((r) => setTimeout(r, 50));
    const ending = a.end();
    release({ decision: 'allow_for_turn' });
    await Promise.all([pending, ending]);
    const again = h.runtime.beginTurn({ threadId: 'A', turnId: 'T' });
    const result = await again.call(write(target, 'late\n'));
    expect(result.isError).toBe(true);
    expect(existsSync(target)).toBe(false);
  });

  // Not a hole (it fails safe): grants are stored per turn id, so ending one thread's turn T forgets every
  // thread's turn-T grants and the other thread is asked again.
});

describe('network exceptions approved for the turn', () => {
  test('web_fetch approved for the turn: another thread with the same turn id is asked, saying what it widens', async () => {
    const network = await restricted();
    const h = world('allow_for_turn', { network });
    const a = h.runtime.beginTurn({ threadId: 'A', turnId: 'T' });
    const b = h.runtime.beginTurn({ threadId: 'B', turnId: 'T' });
    const url = 'http://files.example.com/page';
    expect((await a.call(call('web_fetch', { url }))).isError).toBe(false);
    await b.call(call('web_fetch', { url }));
    expect(h.asked.map((r) => [r.threadId, r.widens])).toEqual([
      ['A', 'allow GET to files.example.com:80 (outside network.allow)'],
      ['B', 'allow GET to files.example.com:80 (outside network.allow)'],
    ]);
  });

  test('web_fetch approved for the turn: the next turn of the thread is asked again', async () => {
    const network = await restricted();
    const h = world('allow_for_turn', { network });
    const url = 'http://files.example.com/page';
    await h.turn.call(call('web_fetch', { url }));
    await h.turn.end();
    const next = h.runtime.beginTurn({ threadId: h.turn.threadId });
    await next.call(call('web_fetch', { url }));
    expect(h.asked).toHaveLength(2);
    expect(h.asked[1]!.widens).toBe('allow GET to files.example.com:80 (outside network.allow)');
  });

  test('web_fetch approved for the turn does not let download_url save outside the roots unasked', async () => {
    const network = await restricted();
    const h = world('allow_for_turn', { network });
    await h.turn.call(call('web_fetch', { url: 'http://files.example.com/page' }));
    const target = path.join(h.area, 'page.html');
    const result = await h.turn.call(
      call('download_url', { url: 'http://files.example.com/page', path: target }),
    );
    expect(h.asked).toHaveLength(2);
    expect(h.asked[1]!.widens).toContain(`allow writing ${target} (outside the roots)`);
    expect(result.isError, text(result)).toBe(false);
  });

  test('allow_for_session answered to a question that needs an exception is one call', async () => {
    const network = await restricted();
    const h = world('allow_for_session', { network });
    const url = 'http://files.example.com/page';
    await h.turn.call(call('web_fetch', { url }));
    await h.turn.call(call('web_fetch', { url }));
    expect(h.asked).toHaveLength(2);
    expect(h.asked[0]!.choices).toEqual(['allow_once', 'allow_for_turn', 'deny']);
  });
});
