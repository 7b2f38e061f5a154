// The store attached to a real runtime's event bus, and the `store` option resolution.
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLog } from '../../src/cli/log.js';
import { createRuntime, defineTool } from '../../src/index.js';
import { attachStore, MemoryStore, resolveStore, SqliteStore } from '../../src/store/index.js';
import { onCleanup } from '../support/cleanup.js';
import { tempDir } from '../support/temp.js';

const printer = defineTool({
  name: 'print',
  description: 'Prints what it is asked to.',
  inputSchema: {
    type: 'object',
    properties: { what: { type: 'string' }, n: { type: 'integer' } },
    required: ['what'],
  },
  annotations: { readOnlyHint: true },
  execute: ({ what, n }) =>
    what === 'lines' ? Array.from({ length: n ?? 0 }, (_, i) => `line ${i}`).join('\n') : what,
});

function sink() {
  let text = '';
  return {
    write: (s: string) => (text += s),
    get text() {
      return text;
    },
  };
}

describe('attachStore on a runtime', () => {
  it('persists a turn end to end: calls, errors, spilled outputs, turn counts; the log reads it back', async () => {
    const workspace = tempDir();
    // The default store: SQLite at <stateDir>/handrail.db, attached by createRuntime itself.
    const runtime = createRuntime({ workspace, tools: [printer] });
    onCleanup(() => runtime.close());
    const dbPath = path.join(runtime.stateDir, 'handrail.db');
    const store = runtime.store as SqliteStore;
    expect(store).toBeInstanceOf(SqliteStore);

    const turn = runtime.beginTurn({ threadId: 'th', turnId: 'tu' });
    await turn.call({ id: 'ok', name: 'print', arguments: { what: 'hello' } });
    await turn.call({ id: 'missing', name: 'prnt', arguments: {} });
    await turn.call({ id: 'big', name: 'print', arguments: { what: 'lines', n: 100_000 } });
    await turn.end();
    await new Promise((resolve) => setImmediate(resolve)); // deferred bus delivery

    // Permission events depend on the evaluator in force; the pipeline's own events are fixed.
    const types = (await store.events({ turnId: 'tu' }))
      .filter((e) => !e.type.startsWith('turn/permission/'))
      .map((e) => `${e.type}:${e.callId ?? ''}`);
    expect(types).toEqual([
      'turn/started:',
      'tool/call/started:ok',
      'tool/call/completed:ok',
      'tool/call/started:missing',
      'tool/call/completed:missing',
      'tool/call/started:big',
      'tool/call/completed:big',
      'turn/ended:',
    ]);
    expect(await store.turns({ threadId: 'th' })).toEqual([
      expect.objectContaining({ id: 'tu', threadId: 'th', calls: 3, endedTs: expect.any(Number) }),
    ]);
    const [output] = await store.outputs({ turnId: 'tu' });
    expect(output).toMatchObject({
      callId: 'big',
      path: expect.stringMatching(/big/),
      bytes: expect.any(Number),
    });
    expect(output!.bytes).toBeGreaterThan(500_000);
    await runtime.close();
    // The audit log is not the model's to read: read_file refuses it like any deny-read path.

    const out = sink();
    const err = sink();
    expect(await runLog(['--db', dbPath], { stdout: out, stderr: err, cwd: workspace })).toBe(0);
    expect(out.text).toMatch(/── turn tu · thread th/);
    expect(out.text).toMatch(/ok {2}→ print \{"what":"hello"\}/);
    expect(out.text).toMatch(/missing {2}✗ recoverable · unknown_tool · [\d.]+ ms · Unknown tool "prnt"/);
    expect(out.text).toMatch(/big {2}✓ partial · [\d.]+ ms · output cut \([\d.]+ [KM]iB\), full: /);
    expect(out.text).toMatch(/turn ended · 3 calls/);
  });

  it('detach stops recording and flushes what was queued', async () => {
    const runtime = createRuntime({ workspace: tempDir(), tools: [printer] });
    onCleanup(() => runtime.close());
    const store = new MemoryStore();
    const detach = attachStore(runtime.events, store);
    const turn = runtime.beginTurn();
    await turn.call({ id: 'a', name: 'print', arguments: { what: 'x' } });
    await new Promise((resolve) => setImmediate(resolve));
    detach();
    await turn.call({ id: 'b', name: 'print', arguments: { what: 'y' } });
    await new Promise((resolve) => setImmediate(resolve));
    const calls = (await store.events()).map((e) => e.callId).filter(Boolean);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls)).toEqual(new Set(['a']));
  });
});

describe('resolveStore (the createRuntime `store` option)', () => {
  it('defaults to SQLite at <stateDir>/handrail.db, and takes memory, false, a path or a store', async () => {
    const stateDir = tempDir();
    const byDefault = resolveStore(undefined, stateDir) as SqliteStore;
    expect(byDefault).toBeInstanceOf(SqliteStore);
    expect(byDefault.path).toBe(path.join(stateDir, 'handrail.db'));
    expect((resolveStore('sqlite', stateDir) as SqliteStore).path).toBe(byDefault.path);
    expect(resolveStore('memory', stateDir)).toBeInstanceOf(MemoryStore);
    expect(resolveStore(false, stateDir)).toBeUndefined();
    expect((resolveStore({ path: 'other.db' }, stateDir) as SqliteStore).path).toBe(
      path.join(stateDir, 'other.db'),
    );
    expect((resolveStore({ path: '/abs/x.db' }, stateDir) as SqliteStore).path).toBe('/abs/x.db');
    const mine = new MemoryStore();
    expect(resolveStore(mine, stateDir)).toBe(mine);
    // Nothing is created until something is written.
    await byDefault.close();
  });
});

describe('the audit log and the model', () => {
  it('read_file cannot read handrail.db', async () => {
    const { builtinTools } = await import('../../src/tools/index.js');
    const workspace = tempDir();
    const runtime = createRuntime({ workspace, tools: builtinTools(), profile: 'read_only' });
    onCleanup(() => runtime.close());
    const turn = runtime.beginTurn();
    await turn.call({ id: 'a', name: 'list_dir', arguments: { path: '.' } });
    await runtime.store!.flush();
    const read = await turn.call({
      id: 'b',
      name: 'read_file',
      arguments: { path: '.handrail/handrail.db' },
    });
    expect(read.isError).toBe(true);
    expect(read.content[0]).toMatchObject({ text: expect.stringContaining('matches the deny-read rule') });
    await turn.end();
  });
});

describe('a state folder a repository committed as a link', () => {
  // `git clone` recreates committed symbolic links: `.handrail -> /somewhere` or `.handrail/handrail.db ->
  // /somewhere/else` must not put the audit log or saved outputs outside the roots.
  const callBig = async (workspace: string) => {
    const runtime = createRuntime({ workspace, tools: [printer] });
    onCleanup(() => runtime.close());
    const turn = runtime.beginTurn({ threadId: 'th' });
    const result = await turn.call({ id: 'big', name: 'print', arguments: { what: 'lines', n: 100_000 } });
    await turn.end();
    const store = runtime.store as SqliteStore;
    await runtime.close(); // delivers and flushes what was recorded
    return { result, health: store.health() };
  };

  it('.handrail as a link: nothing is written where it points, and the store says why', async () => {
    const workspace = tempDir();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, path.join(workspace, '.handrail'));
    const { result, health } = await callBig(workspace);
    // The call still answers (its output cut, without a saved copy): the store's failure is not the model's.
    expect(result.isError).toBe(false);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(health.ok).toBe(false);
    expect(health.lastError).toMatch(/\.handrail is a symbolic link/);
  });

  it('handrail.db or its -wal as a link: refused, the target never created', async () => {
    for (const name of ['handrail.db', 'handrail.db-wal']) {
      const workspace = tempDir();
      const elsewhere = tempDir();
      mkdirSync(path.join(workspace, '.handrail'));
      symlinkSync(path.join(elsewhere, 'planted'), path.join(workspace, '.handrail', name));
      const { health } = await callBig(workspace);
      expect(readdirSync(elsewhere), name).toEqual([]);
      expect(health.lastError, name).toMatch(new RegExp(`${name.replace('.', '\\.')} is a symbolic link`));
    }
  });
});
