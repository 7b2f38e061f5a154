// A server's live tool list: after notifications/tools/list_changed, new tools appear from the next turn,
// removed ones answer unknown_tool with the current list, changed ones are registered again.
import { expect, test } from 'vitest';
import { mcpRuntime } from '../../support/mcp.js';
import { text } from '../../support/results.js';
import { call, collectEvents } from '../../support/runtime.js';
import { until } from '../../support/wait.js';
import { fixtureServer } from './fixtures/servers.js';

test('new tools appear from the next turn, removed ones answer unknown_tool, changed ones are re-registered', async () => {
  const runtime = mcpRuntime({ mcpServers: { live: fixtureServer('list-changed') } });
  const events = collectEvents(runtime);
  await runtime.ready();
  const first = runtime.beginTurn();
  expect(first.visibleTools().map((tool) => tool.name)).toEqual(
    expect.arrayContaining(['mcp__live__doomed', 'mcp__live__reworded', 'mcp__live__change']),
  );

  // Events reach listeners asynchronously: the start's own (tools added, ready) first.
  await until(
    () => events.some((event) => event.type === 'extension/state/changed' && event.payload.state === 'ready'),
    'the ready event',
  );
  const before = events.length;
  expect(text(await first.call(call('mcp__live__change', {})))).toContain('changed');
  // The server announces each change; handrail lists again and reports what each listing changed.
  const since = (key: string) =>
    events
      .slice(before)
      .filter((event) => event.type === 'extension/state/changed')
      .flatMap((event) => (event.payload[key] as string[] | undefined) ?? []);
  await until(
    () => since('added').length > 0 && since('removed').length > 0 && since('changed').length > 0,
    'the tool list changes',
  );
  expect(since('added')).toEqual(['mcp__live__added']);
  expect(since('removed')).toEqual(['mcp__live__doomed']);
  expect(since('changed')).toEqual(['mcp__live__reworded']);
  expect(runtime.mcpStatus()[0]).toMatchObject({ state: 'ready', tools: 3 });

  // In the turn that saw the change: the new tool waits for the next turn; the removed one is gone.
  expect(first.visibleTools().map((tool) => tool.name)).not.toContain('mcp__live__added');
  const early = await first.call(call('mcp__live__added', {}));
  expect(early.outcome.errorClass).toBe('unknown_tool');
  expect(text(early)).toContain('from the next turn');
  const gone = await first.call(call('mcp__live__doomed', {}));
  expect(gone.outcome.errorClass).toBe('unknown_tool');
  expect(text(gone)).toContain('mcp__live__change');

  const next = runtime.beginTurn();
  const visible = next.visibleTools();
  expect(visible.map((tool) => tool.name)).toContain('mcp__live__added');
  expect(visible.find((tool) => tool.name === 'mcp__live__reworded')?.description).toBe(
    '[mcp server live] The second wording.',
  );
  expect(text(await next.call(call('mcp__live__added', {})))).toContain('added answers');
});
