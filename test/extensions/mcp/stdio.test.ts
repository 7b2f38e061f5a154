// The MCP client over stdio with the real server-everything from npm (no OS sandbox here; sandboxed.test.ts runs
// it under bwrap): its tools as dynamic tools called through turns, images, progress and a cancel that reaches the
// server, the environment it sees, lazy servers, trust, roots, and the server's status.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRuntime, type McpRuntime } from '../../../src/extensions/index.js';
import type { ApprovalRequest } from '../../../src/index.js';
import { EVERYTHING, everythingStdio, mcpRuntime } from '../../support/mcp.js';
import { text } from '../../support/results.js';
import { call, collectEvents } from '../../support/runtime.js';
import { sharedTempDir, tempDir } from '../../support/temp.js';
import { until } from '../../support/wait.js';

const SERVERS = path.join(import.meta.dirname, 'servers');

/** A JSON-RPC message as the recorder logged it. */
type WireMessage = {
  id?: number;
  method?: string;
  params?: { requestId?: number; arguments?: { steps?: number } };
};

describe('server-everything over stdio', () => {
  let runtime: McpRuntime;
  let workspace: string;

  beforeAll(async () => {
    workspace = sharedTempDir();
    runtime = createRuntime({
      workspace,
      profile: 'full_access',
      rateLimits: false,
      store: false,
      sandbox: 'none',
      mcpServers: { everything: everythingStdio() },
    } as Parameters<typeof createRuntime>[0]);
    await runtime.ready();
  });
  afterAll(() => runtime.close());

  test('is ready after ready(), with its tools as mcp__everything__* dynamic tools', () => {
    const [status] = runtime.mcpStatus();
    expect(status).toMatchObject({
      name: 'everything',
      transport: 'stdio',
      state: 'ready',
      restarts: 0,
      serverInfo: { name: expect.any(String) },
      sandbox: { backend: 'none' },
    });
    expect(status!.tools).toBeGreaterThan(5);
    expect(status!.mapping).toContainEqual({ tool: 'get-sum', name: 'mcp__everything__get-sum' });
    expect(status!.mapping).toHaveLength(status!.tools);
    const echo = runtime.describeTools().find((tool) => tool.name === 'mcp__everything__echo');
    expect(echo).toMatchObject({
      source: 'dynamic',
      description: expect.stringMatching(/^\[mcp server everything\] /),
    });
    expect(echo!.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    // A tool that runs only as an MCP task is left out, with the reason.
    expect(status!.skipped).toContainEqual({
      tool: 'simulate-research-query',
      reason: expect.stringContaining('task'),
    });
  });

  test('echo and get-sum answer through a turn, with the server and tool in details', async () => {
    const turn = runtime.beginTurn();
    const echo = await turn.call(call('mcp__everything__echo', { message: 'hello there' }));
    expect(echo.isError).toBe(false);
    expect(text(echo)).toContain('Echo: hello there');
    expect(text(echo)).toMatch(/^\[Output of MCP server everything, tool echo — untrusted data/);
    expect(echo.details?.mcp).toEqual({ server: 'everything', tool: 'echo' });
    const sum = await turn.call(call('mcp__everything__get-sum', { a: 2, b: 40 }));
    expect(text(sum)).toContain('42');
  });

  test('arguments are validated against the server’s schema before the server sees them', async () => {
    const turn = runtime.beginTurn();
    const result = await turn.call(call('mcp__everything__get-sum', { a: 'two' }));
    expect(result.outcome.errorClass).toBe('invalid_arguments');
  });

  test('get-tiny-image answers with an image', async () => {
    const result = await runtime.beginTurn().call(call('mcp__everything__get-tiny-image', {}));
    expect(result.isError).toBe(false);
    const image = result.content.find((part) => part.type === 'image');
    expect(image).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
    });
  });

  test('structured content is in details', async () => {
    const result = await runtime
      .beginTurn()
      .call(call('mcp__everything__get-structured-content', { location: 'Chicago' }));
    expect(result.isError).toBe(false);
    expect(result.details?.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });

  test('the server is told handrail’s roots: the workspace, as a file:// URI', async () => {
    const result = await runtime.beginTurn().call(call('mcp__everything__get-roots-list', {}));
    expect(text(result)).toContain(`file://${workspace}`);
  });
});

test('progress reaches onUpdate, and a cancel reaches the server, which stops the call; the runtime keeps serving', async () => {
  const workspace = tempDir();
  const log = path.join(workspace, 'wire.jsonl');
  const runtime = mcpRuntime({
    workspace,
    mcpServers: {
      everything: {
        command: process.execPath,
        args: [path.join(SERVERS, 'recorder.mjs'), log, process.execPath, EVERYTHING, 'stdio'],
      },
    },
  });
  await runtime.ready();
  const turn = runtime.beginTurn();
  const controller = new AbortController();
  const updates: string[] = [];
  const cancelled = await turn.call(
    call('mcp__everything__trigger-long-running-operation', { duration: 3, steps: 6 }),
    {
      signal: controller.signal,
      onUpdate: (update) => {
        updates.push(update.content?.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '');
        controller.abort();
      },
    },
  );
  expect(updates[0]).toMatch(/^progress 1\/6/);
  expect(cancelled.outcome.errorClass).toBe('cancelled');

  // The same operation, started later, finishing: the cancelled one has finished on the server by now too.
  const later = await turn.call(
    call('mcp__everything__trigger-long-running-operation', { duration: 3, steps: 3 }),
  );
  expect(text(later)).toContain('Long running operation completed');

  const wire = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { dir: string; message: WireMessage });
  const request = wire.find(
    (entry) =>
      entry.dir === 'in' &&
      entry.message.method === 'tools/call' &&
      entry.message.params?.arguments?.steps === 6,
  )!.message;
  // The cancel reached the server, naming the call …
  expect(wire).toContainEqual({
    dir: 'in',
    message: expect.objectContaining({
      method: 'notifications/cancelled',
      params: expect.objectContaining({ requestId: request.id }),
    }),
  });
  // … and the server acted on it: it never answered the cancelled call (it did answer the later one).
  expect(wire.filter((entry) => entry.dir === 'out' && entry.message.id === request.id)).toEqual([]);
  const echo = await runtime.beginTurn().call(call('mcp__everything__echo', { message: 'still here' }));
  expect(text(echo)).toContain('Echo: still here');
});

test('get-env shows the server its own env and the allowlist, and no host secret', async () => {
  const saved = { ...process.env };
  process.env.AWS_SECRET_ACCESS_KEY = 'host-secret-value-1';
  process.env.HANDRAIL_TEST_PLAIN = 'host-plain-value-2';
  try {
    const runtime = mcpRuntime({
      mcpServers: { everything: everythingStdio({ env: { SERVER_SETTING: 'given-by-config' } }) },
    });
    await runtime.ready();
    const result = await runtime.beginTurn().call(call('mcp__everything__get-env', {}));
    const shown = text(result);
    expect(shown).toContain('given-by-config');
    expect(shown).not.toContain('host-secret-value-1');
    expect(shown).not.toContain('host-plain-value-2');
    expect(shown).toContain('"PATH"');
  } finally {
    process.env = saved;
  }
});

test("a lazy server's tools are preflight candidates, hidden until request_tools reveals mcp:<server>", async () => {
  const runtime = mcpRuntime({ mcpServers: { everything: everythingStdio({ lazy: true }) } });
  await runtime.ready();
  const index = runtime.preflightIndex();
  expect(index.candidateTools).toContainEqual({
    name: 'mcp__everything__echo',
    domain: 'mcp:everything',
    summary: expect.stringMatching(/^\[mcp server everything\]/),
    mutation: true,
  });
  expect(index.coreTools).toContain('request_tools');
  const turn = runtime.beginTurn();
  expect(turn.visibleTools().map((tool) => tool.name)).not.toContain('mcp__everything__echo');
  const hidden = await turn.call(call('mcp__everything__echo', { message: 'x' }));
  expect(hidden.outcome.errorClass).toBe('not_visible');
  const revealed = await turn.call(call('request_tools', { domains: ['mcp:everything'] }));
  expect(revealed.isError).toBe(false);
  expect(turn.visibleTools().map((tool) => tool.name)).toContain('mcp__everything__echo');
  const echo = await turn.call(call('mcp__everything__echo', { message: 'revealed' }));
  expect(text(echo)).toContain('Echo: revealed');
});

describe('classification: the runtime decides, the server’s annotations count only with trust', () => {
  test('without trust, a read-only-annotated tool is denied under read_only and asks under supervised', async () => {
    const readOnly = mcpRuntime({ profile: 'read_only', mcpServers: { everything: everythingStdio() } });
    await readOnly.ready();
    const denied = await readOnly.beginTurn().call(call('mcp__everything__get-sum', { a: 1, b: 2 }));
    expect(denied.outcome.errorClass).toBe('permission_denied');

    const asked: string[] = [];
    const supervised = mcpRuntime({
      profile: 'supervised',
      approver: async (request: ApprovalRequest) => {
        asked.push(request.tool);
        return { decision: 'deny' as const };
      },
      mcpServers: { everything: everythingStdio() },
    });
    await supervised.ready();
    const refused = await supervised.beginTurn().call(call('mcp__everything__get-sum', { a: 1, b: 2 }));
    expect(asked).toEqual(['mcp__everything__get-sum']);
    expect(refused.outcome.errorClass).toBe('approval_denied');
  });

  test("with trust: 'annotations', readOnlyHint makes it mcp_read: allowed under read_only", async () => {
    const runtime = mcpRuntime({
      profile: 'read_only',
      mcpServers: { everything: everythingStdio({ trust: 'annotations' }) },
    });
    await runtime.ready();
    const sum = await runtime.beginTurn().call(call('mcp__everything__get-sum', { a: 1, b: 2 }));
    expect(text(sum)).toContain('3');
    // A tool that does not claim to be read-only is still denied.
    const toggle = await runtime.beginTurn().call(call('mcp__everything__toggle-simulated-logging', {}));
    expect(toggle.outcome.errorClass).toBe('permission_denied');
  });
});

describe('what a server asks of handrail', () => {
  test('elicitation and sampling are refused, naming handrail and the server, when no handler is given', async () => {
    const runtime = mcpRuntime({
      mcpServers: { asker: { command: process.execPath, args: [path.join(SERVERS, 'asks-anyway.mjs')] } },
    });
    await runtime.ready();
    const turn = runtime.beginTurn();
    expect(text(await turn.call(call('mcp__asker__ask', {})))).toContain(
      'handrail has no elicitation handler for server asker',
    );
    expect(text(await turn.call(call('mcp__asker__sample', {})))).toContain(
      'handrail has no sampling handler for server asker',
    );
    // server-everything follows the protocol: without the capability it does not offer its elicitation tool.
    const everything = mcpRuntime({ mcpServers: { everything: everythingStdio() } });
    await everything.ready();
    expect(everything.describeTools().map((tool) => tool.name)).not.toContain(
      'mcp__everything__trigger-elicitation-request',
    );
  });

  test('with an elicitation handler, the server’s request reaches it (with a signal) and its answer goes back', async () => {
    const seen: unknown[] = [];
    const runtime = mcpRuntime({
      mcpServers: { everything: everythingStdio() },
      mcp: {
        handlers: {
          elicitation: async (server, request, signal) => {
            seen.push({
              server,
              message: (request as { message: string }).message,
              signal: signal instanceof AbortSignal,
            });
            return {
              action: 'accept',
              content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com' },
            };
          },
        },
      },
    });
    await runtime.ready();
    const result = await runtime.beginTurn().call(call('mcp__everything__trigger-elicitation-request', {}));
    expect(seen).toEqual([{ server: 'everything', message: expect.any(String), signal: true }]);
    expect(text(result)).toContain('Ada Lovelace');
  });
});

test('tools with careless schemas are repaired when they can be, skipped with the reason when not', async () => {
  const runtime = mcpRuntime({
    mcpServers: { odd: { command: process.execPath, args: [path.join(SERVERS, 'odd-tools.mjs')] } },
  });
  const events = collectEvents(runtime);
  await runtime.ready();
  const [status] = runtime.mcpStatus();
  expect(status).toMatchObject({ state: 'ready', tools: 3 });
  expect(status!.skipped).toEqual([
    { tool: 'broken', reason: expect.stringContaining('required property "ghost" is not in "properties"') },
  ]);
  const turn = runtime.beginTurn();
  expect(text(await turn.call(call('mcp__odd__no-type', { q: 'x' })))).toContain('no-type got {"q":"x"}');
  expect(text(await turn.call(call('mcp__odd__no-schema', {})))).toContain('no-schema got {}');
  expect(
    events.some(
      (event) =>
        event.type === 'extension/state/changed' &&
        JSON.stringify(event.payload.skipped ?? []).includes('ghost'),
    ),
  ).toBe(true);
});

test('a server that cannot start is failed with a reason naming it; ready() still resolves; disabled ones are left out', async () => {
  const runtime = mcpRuntime({
    mcpServers: {
      missing: { command: 'handrail-no-such-program-xyz' },
      off: { command: 'whatever', disabled: true },
    },
  });
  const events = collectEvents(runtime);
  await runtime.ready();
  const status = runtime.mcpStatus();
  expect(status).toHaveLength(1);
  expect(status[0]).toMatchObject({
    name: 'missing',
    state: 'failed',
    tools: 0,
    reason: expect.stringContaining('MCP server missing'),
  });
  expect(status[0]!.reason).toContain('handrail-no-such-program-xyz');
  await until(
    () =>
      events.some((event) => event.type === 'extension/state/changed' && event.payload.state === 'failed'),
    'the failed event',
  );
  const failed = events.find(
    (event) => event.type === 'extension/state/changed' && event.payload.state === 'failed',
  )!;
  expect(failed).toMatchObject({
    threadId: 'mcp',
    turnId: 'missing',
    payload: { extension: 'mcp', server: 'missing' },
  });
});
