import { describe, expect, it } from 'vitest';
import { defineTool, type HandrailEvent } from '../../src/index.js';
import { text } from '../support/results.js';
import { collectEvents, makeRuntime } from '../support/runtime.js';
import { tick } from './helpers.js';

const empty = { type: 'object', properties: {} } as const;

describe('callMany', () => {
  it('runs read-only calls together, mutating calls alone and in order, results in the model order', async () => {
    const log: string[] = [];
    let running = 0;
    let maxRunningReads = 0;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'read',
          description: 'Read.',
          inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
          annotations: { readOnlyHint: true },
          execute: async ({ n }) => {
            running++;
            maxRunningReads = Math.max(maxRunningReads, running);
            log.push(`read${n}:start`);
            await sleep(20);
            log.push(`read${n}:end`);
            running--;
            return `r${n}`;
          },
        }),
        defineTool({
          name: 'write',
          description: 'Write.',
          inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
          execute: async ({ n }) => {
            expect(running).toBe(0);
            log.push(`write${n}:start`);
            await sleep(5);
            log.push(`write${n}:end`);
            return `w${n}`;
          },
        }),
      ],
    });
    const results = await runtime.beginTurn().callMany([
      { id: '1', name: 'read', arguments: { n: 1 } },
      { id: '2', name: 'read', arguments: { n: 2 } },
      { id: '3', name: 'write', arguments: { n: 3 } },
      { id: '4', name: 'read', arguments: { n: 4 } },
      { id: '5', name: 'missing', arguments: {} },
      { id: '6', name: 'write', arguments: { n: 6 } },
    ]);
    expect(results.map(text)).toEqual([
      'r1',
      'r2',
      'w3',
      'r4',
      expect.stringContaining('Unknown tool'),
      'w6',
    ]);
    expect(results.map((r) => r.callId)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(maxRunningReads).toBe(2);
    // Both reads finish before the write starts; the write ends before the next read starts.
    expect(log.indexOf('write3:start')).toBeGreaterThan(
      Math.max(log.indexOf('read1:end'), log.indexOf('read2:end')),
    );
    expect(log.indexOf('read4:start')).toBeGreaterThan(log.indexOf('write3:end'));
    expect(log.indexOf('write6:start')).toBeGreaterThan(log.indexOf('read4:end'));
  });

  it('cancels the rest of a batch when aborted', async () => {
    const ran: number[] = [];
    const controller = new AbortController();
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'step',
          description: 'A mutating step.',
          inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
          execute: async ({ n }, ctx) => {
            ran.push(n);
            if (n === 2) controller.abort();
            await new Promise((resolve) => setTimeout(resolve, 5));
            if (ctx.signal.aborted) throw ctx.signal.reason;
            return `step ${n}`;
          },
        }),
      ],
      limits: { abortGraceMs: 100 },
    });
    const results = await runtime.beginTurn().callMany(
      [1, 2, 3, 4].map((n) => ({ id: `c${n}`, name: 'step', arguments: { n } })),
      { signal: controller.signal },
    );
    expect(ran).toEqual([1, 2]);
    expect(results.map((r) => r.outcome.status)).toEqual(['ok', 'fatal', 'fatal', 'fatal']);
    expect(results.slice(1).map((r) => r.outcome.errorClass)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});

describe('visibility', () => {
  const domainTools = [
    defineTool({ name: 'plain', description: 'Always there.', inputSchema: empty, execute: () => 'plain' }),
    defineTool({
      name: 'memory_search',
      description: 'Search memory. Returns the best matches.',
      domain: 'memory',
      inputSchema: empty,
      annotations: { readOnlyHint: true },
      execute: () => 'memories',
    }),
    defineTool({
      name: 'memory_remember',
      description: 'Remember a fact.',
      domain: 'memory',
      inputSchema: empty,
      execute: () => 'ok',
    }),
    defineTool({
      name: 'task_create',
      description: 'Create a task.',
      domain: 'task',
      inputSchema: empty,
      execute: () => 'ok',
    }),
  ];

  it('reveals whole domains through request_tools, monotonically, with an event', async () => {
    const runtime = makeRuntime({ tools: domainTools });
    const events = collectEvents(runtime);
    const turn = runtime.beginTurn({ threadId: 'th', turnId: 'tu' });
    expect(
      turn
        .visibleTools()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['plain', 'request_tools']);
    const request = turn.visibleTools().find((t) => t.name === 'request_tools')!;
    expect(request.inputSchema).toMatchObject({
      properties: { domains: { items: { enum: ['memory', 'task'] } } },
    });
    expect(request.description).toContain('memory (memory_search, memory_remember)');

    const result = await turn.call({
      id: 'c1',
      name: 'request_tools',
      arguments: { domains: ['memory', 'browser'], reason: 'recall' },
    });
    expect(text(result)).toBe(
      'Revealed: memory_search, memory_remember. They can be called from the next step.\nUnavailable domains: browser.',
    );
    expect(JSON.stringify(result)).not.toContain('inputSchema');
    expect(
      turn
        .visibleTools()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['memory_remember', 'memory_search', 'plain', 'request_tools']);
    expect(text(await turn.call({ id: 'c2', name: 'memory_search', arguments: {} }))).toBe('memories');

    const again = await turn.call({ id: 'c3', name: 'request_tools', arguments: { domains: ['memory'] } });
    expect(text(again)).toBe('Already visible: memory_search, memory_remember.');
    const nothing = await turn.call({ id: 'c4', name: 'request_tools', arguments: { domains: ['nope'] } });
    expect(nothing.isError).toBe(true);

    // A new turn starts with the default visibility.
    expect(
      runtime
        .beginTurn()
        .visibleTools()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['plain', 'request_tools']);
    await tick();
    const change = events.find((e) => e.type === 'tool/visibility/changed');
    expect(change).toMatchObject({
      threadId: 'th',
      turnId: 'tu',
      payload: { revealed: ['memory_search', 'memory_remember'], via: 'request_tools' },
    });
  });

  it('offers a preflight index without schemas and applies exact tool names only', () => {
    const runtime = makeRuntime({ tools: domainTools });
    const index = runtime.preflightIndex();
    expect(index.coreTools.sort()).toEqual(['plain', 'request_tools']);
    expect(index.candidateTools).toEqual([
      { name: 'memory_search', domain: 'memory', summary: 'Search memory.', mutation: false },
      { name: 'memory_remember', domain: 'memory', summary: 'Remember a fact.', mutation: true },
      { name: 'task_create', domain: 'task', summary: 'Create a task.', mutation: true },
    ]);
    expect(JSON.stringify(index)).not.toContain('properties');
    const turn = runtime.beginTurn();
    expect(turn.reveal(['task_create', 'memory', 'plain', 'ghost'])).toEqual({
      revealed: ['task_create'],
      alreadyVisible: ['plain'],
      unknown: ['ghost'],
      rejectedDomains: ['memory'],
    });
    expect(turn.visibleTools().map((t) => t.name)).toContain('task_create');
  });

  it('hides request_tools when there is nothing to reveal', () => {
    const runtime = makeRuntime({ tools: [domainTools[0]!] });
    expect(
      runtime
        .beginTurn()
        .visibleTools()
        .map((t) => t.name),
    ).toEqual(['plain']);
    expect(runtime.preflightIndex()).toEqual({ coreTools: ['plain'], candidateTools: [] });
  });
});

describe('events', () => {
  const progress = defineTool({
    name: 'progress',
    description: 'Reports progress.',
    inputSchema: empty,
    execute: (_args, ctx) => {
      ctx.onUpdate('half way');
      return 'done';
    },
  });

  it('emits started, progress and completed with ids and timestamps', async () => {
    const runtime = makeRuntime({ tools: [progress] });
    const events = collectEvents(runtime);
    const turn = runtime.beginTurn({ threadId: 'th1', turnId: 'tu1' });
    await turn.call({ id: 'call-1', name: 'progress', arguments: '{}' });
    await tick();
    const callEvents = events.filter((e) => e.callId === 'call-1');
    expect(callEvents.map((e) => e.type)).toEqual([
      'tool/call/started',
      'turn/permission/decided',
      'tool/call/progress',
      'tool/call/completed',
    ]);
    // The decision names the rule and layer behind it.
    expect(callEvents[1]?.payload).toMatchObject({
      tool: 'progress',
      behavior: 'allow',
      rule: 'mode:full_access:unknown',
      layer: 'mode',
      mode: 'full_access',
    });
    for (const event of callEvents) {
      expect(event).toMatchObject({ threadId: 'th1', turnId: 'tu1', callId: 'call-1' });
      expect(event.ts).toBeGreaterThan(Date.now() - 10_000);
    }
    expect(callEvents[2]?.payload).toMatchObject({
      name: 'progress',
      content: [{ type: 'text', text: 'half way' }],
    });
    expect(callEvents[3]?.payload).toMatchObject({
      name: 'progress',
      status: 'ok',
      isError: false,
      preview: 'done',
    });
    expect(events[0]?.type).toBe('turn/started');
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('is not delayed or broken by throwing or slow subscribers', async () => {
    const runtime = makeRuntime({ tools: [progress] });
    runtime.events.on(() => {
      throw new Error('bad listener');
    });
    runtime.events.on(() => new Promise(() => undefined)); // never settles
    runtime.events.on(async () => {
      throw new Error('bad async listener');
    });
    const slowIterator = runtime.events.subscribe({ bufferSize: 2 }); // never read until the end
    const events = collectEvents(runtime);
    const turn = runtime.beginTurn();
    for (let i = 0; i < 5; i++)
      expect(text(await turn.call({ id: `c${i}`, name: 'progress', arguments: {} }))).toBe('done');
    await tick();
    await tick();
    expect(events.filter((e) => e.type === 'tool/call/completed')).toHaveLength(5);
    expect(runtime.events.listenerErrors).toBeGreaterThanOrEqual(10);
    expect(slowIterator.dropped).toBeGreaterThan(0);
  });

  it('is an async iterator that ends when the runtime closes', async () => {
    const runtime = makeRuntime({ tools: [progress] });
    const received: HandrailEvent[] = [];
    const reading = (async () => {
      for await (const event of runtime.events) received.push(event);
    })();
    const turn = runtime.beginTurn();
    await turn.call({ id: 'c1', name: 'progress', arguments: {} });
    await turn.end();
    await runtime.close();
    await reading;
    expect(received.map((e) => e.type)).toEqual([
      'turn/started',
      'tool/call/started',
      'turn/permission/decided',
      'tool/call/progress',
      'tool/call/completed',
      'turn/ended',
    ]);
  });
});

describe('turn lifecycle', () => {
  it('aborts running calls at turn end and refuses calls afterwards', async () => {
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'forever',
          description: 'Runs until aborted.',
          inputSchema: empty,
          execute: (_args, ctx) =>
            new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
        }),
      ],
    });
    const turn = runtime.beginTurn({ turnId: 't-end' });
    const running = turn.call({ id: 'c1', name: 'forever', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await turn.end();
    expect((await running).outcome.errorClass).toBe('cancelled');
    const after = await turn.call({ id: 'c2', name: 'forever', arguments: {} });
    expect(text(after)).toBe('Turn t-end has ended; no further calls run in it.');
  });
});

describe('tool availability', () => {
  it('leaves out a tool whose available(host) says false or throws, at creation and on registerTool', () => {
    const seen: string[] = [];
    const make = (name: string, available: (host: { workspace: string }) => boolean) =>
      defineTool({
        name,
        description: `${name}.`,
        inputSchema: empty,
        available: (host) => {
          seen.push(host.workspace);
          return available(host);
        },
        execute: () => 'ok',
      });
    const runtime = makeRuntime({
      tools: [
        make('offered', () => true),
        make('needs_backend', () => false),
        make('broken_check', () => {
          throw new Error('no config');
        }),
      ],
    });
    runtime.registerTool(make('late_missing', () => false));
    runtime.registerTool(make('late_ok', () => true));
    const names = runtime.describeTools().map((t) => t.name);
    expect(names).toContain('offered');
    expect(names).toContain('late_ok');
    expect(names).not.toContain('needs_backend');
    expect(names).not.toContain('broken_check');
    expect(names).not.toContain('late_missing');
    expect(seen.every((w) => w === runtime.workspace)).toBe(true);
  });
});
