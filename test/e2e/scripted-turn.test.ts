// One turn driven by a scripted sequence of raw model calls, asserting the exact text the model sees.
import { describe, expect, it } from 'vitest';
import { defineTool, type HandrailEvent, ToolError, type ToolResult } from '../../src/index.js';
import { tick } from '../core/helpers.js';
import { text } from '../support/results.js';
import { makeRuntime } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';

const notes: Record<string, string> = { 'auth.old.ts': 'old auth', 'authz.ts': 'authz' };

const tools = [
  defineTool({
    name: 'read_note',
    description: 'Read a note by name.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['name'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
    execute: ({ name, limit }) => {
      const note = notes[name];
      if (note === undefined) {
        throw new ToolError(
          'not_found',
          `Note ${name} not found — there are ${Object.keys(notes).join(' and ')}`,
        );
      }
      return limit ? note.slice(0, limit) : note;
    },
  }),
  defineTool({
    name: 'delete_note',
    description: 'Delete a note.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    annotations: { destructiveHint: true },
    execute: () => 'deleted',
  }),
  defineTool({
    name: 'explode',
    description: 'Always throws.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => {
      throw new TypeError("Cannot read properties of undefined (reading 'split')");
    },
  }),
  defineTool({
    name: 'wait_forever',
    description: 'Runs until stopped.',
    inputSchema: { type: 'object', properties: {} },
    execute: (_args, ctx) =>
      new Promise((_, reject) => {
        ctx.onUpdate('started waiting');
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
      }),
  }),
  defineTool({
    name: 'dump',
    description: 'Prints 5 MB.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    execute: () =>
      Array.from({ length: 500_000 }, (_, i) => `row ${String(i + 1).padStart(6, '0')}`).join('\n'),
  }),
];

describe('a scripted turn', () => {
  it('gives the model exact, actionable text for every kind of call', async () => {
    const workspace = tempDir();
    const runtime = makeRuntime({
      workspace,
      tools,
      hooks: {
        beforeToolCall: ({ call }) =>
          call.name === 'delete_note'
            ? { block: true, reason: 'Deleting notes needs the user; ask them first.' }
            : undefined,
      },
    });
    const events: HandrailEvent[] = [];
    runtime.events.on((e) => {
      events.push(e);
    });
    const turn = runtime.beginTurn({ threadId: 'thread-1', turnId: 'turn-1' });
    const abort = new AbortController();
    const call = (id: string, name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult> =>
      turn.call({ id, name, arguments: args }, signal ? { signal } : {});

    const good = await call('1', 'read_note', '{"name":"authz.ts"}');
    expect(text(good)).toBe('authz');
    expect(good).toMatchObject({ isError: false, outcome: { status: 'ok' } });

    const misspelled = await call('2', 'read_nte', '{"name":"authz.ts"}');
    expect(text(misspelled)).toBe(
      'Unknown tool "read_nte". Did you mean "read_note"? Available tools: delete_note, dump, explode, read_note, wait_forever.',
    );

    const malformed = await call('3', 'read_note', '{"name": "authz.ts", "limit": 3');
    // The parser's own words (Node 20's JSON.parse), so the model sees where the JSON broke.
    expect(text(malformed)).toBe(
      "Invalid arguments for read_note: arguments are not valid JSON: Expected ',' or '}' after property value in JSON at position 31",
    );

    const wrongTypes = await call('4', 'read_note', { name: 7, limit: 'three', extra: true });
    expect(text(wrongTypes)).toBe(
      'Invalid arguments for read_note: /extra is not allowed (allowed: name, limit); /limit must be integer (got "three"); /name must be string (got 7).',
    );

    const repaired = await call(
      '5',
      'read_note',
      JSON.stringify(JSON.stringify({ name: 'authz.ts', limit: '4' })),
    );
    expect(text(repaired)).toBe('auth');
    expect(repaired.details?.repairs).toHaveLength(2);

    const missing = await call('6', 'read_note', { name: 'auth.ts' });
    expect(text(missing)).toBe('Note auth.ts not found — there are auth.old.ts and authz.ts');
    expect(missing.outcome).toMatchObject({ status: 'recoverable', errorClass: 'not_found' });

    const blocked = await call('7', 'delete_note', { name: 'authz.ts' });
    expect(text(blocked)).toBe('Deleting notes needs the user; ask them first.');
    expect(blocked.outcome.errorClass).toBe('blocked');

    const thrown = await call('8', 'explode', {});
    expect(text(thrown)).toBe("Cannot read properties of undefined (reading 'split')");
    expect(thrown.outcome).toMatchObject({ status: 'recoverable', errorClass: 'tool_error' });

    const pending = call('9', 'wait_forever', {}, abort.signal);
    setTimeout(() => abort.abort(), 30);
    const aborted = await pending;
    expect(text(aborted)).toBe('wait_forever was cancelled before it finished.');
    expect(aborted.outcome).toMatchObject({ status: 'fatal', errorClass: 'cancelled' });

    const dump = await call('10', 'dump', {});
    const shown = text(dump);
    const shownLines = shown.split('\n');
    const markerIndex = shownLines.findIndex((l) => l.startsWith('[... '));
    const head = shownLines.slice(0, markerIndex);
    const tail = shownLines.slice(markerIndex + 1);
    const row = (i: number) => `row ${String(i).padStart(6, '0')}`;
    expect(head).toEqual(head.map((_, i) => row(i + 1)));
    expect(tail).toEqual(tail.map((_, i) => row(500_000 - tail.length + 1 + i)));
    const omitted = 500_000 - head.length - tail.length;
    expect(shownLines[markerIndex]).toBe(
      `[... ${omitted.toLocaleString('en-US')} lines (${mib(omitted * 11)}) omitted: showing the first ${head.length.toLocaleString('en-US')} and last ${tail.length.toLocaleString('en-US')} of 500,000 lines. Full output: .handrail/outputs/turn-1/10.txt ...]`,
    );
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(32 * 1024);
    expect(dump.outcome.status).toBe('partial');

    await turn.end();
    await tick();
    const completed = events
      .filter((e) => e.type === 'tool/call/completed')
      .map((e) => `${e.callId}:${e.payload.status}`);
    expect(completed).toEqual([
      '1:ok',
      '2:recoverable',
      '3:recoverable',
      '4:recoverable',
      '5:ok',
      '6:recoverable',
      '7:recoverable',
      '8:recoverable',
      '9:fatal',
      '10:partial',
    ]);
    expect(events.filter((e) => e.type === 'tool/call/progress').map((e) => e.callId)).toEqual(['9']);
  });
});

/** Bytes as the marker prints them; each row is 10 characters plus its newline. */
function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
