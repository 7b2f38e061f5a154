// The pipeline against hostile or broken inputs: raw calls, hooks, evaluators, tools and limits.
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createRuntime,
  defineTool,
  type PermissionIntent,
  ToolError,
  type ToolResult,
} from '../../src/index.js';
import { text } from '../support/results.js';
import { makeRuntime } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';
import { READ_FILE_SCHEMA } from './helpers.js';

const empty = { type: 'object', properties: {} } as const;
const echo = (seen: unknown[] = []) =>
  defineTool({
    name: 'echo',
    description: 'Echo a path.',
    inputSchema: READ_FILE_SCHEMA,
    execute: (args) => {
      seen.push(args);
      return `echo ${args.path}`;
    },
  });

describe('raw calls of any shape', () => {
  it('answers every malformed call with a result, never a throw', async () => {
    const runtime = makeRuntime({ tools: [echo()] });
    const turn = runtime.beginTurn();
    const bad: unknown[] = [
      null,
      42,
      'echo',
      [],
      { name: ['echo'] },
      { id: 'x', name: Object.create(null) },
      { id: {}, name: '' },
    ];
    for (const call of bad) {
      const result = await turn.call(call as never);
      expect(result.isError).toBe(true);
      expect(result.outcome.errorClass).toBe('unknown_tool');
    }
    const fresh = runtime.beginTurn();
    expect(text(await fresh.call(null as never))).toBe('The tool call is not an object (got null).');
    expect(text(await fresh.call({ name: ['echo'] } as never))).toBe(
      'The tool call has no tool name (got array); name one of the available tools.',
    );
    const noId = await turn.call({ name: 'echo', arguments: { path: 'a' } } as never);
    expect(noId.callId).toMatch(/^call_\d+$/);
    expect(await turn.callMany(null as never)).toEqual([]);
    const mixed = await turn.callMany([null, { id: 'ok', name: 'echo', arguments: { path: 'b' } }] as never);
    expect(mixed.map((r) => r.isError)).toEqual([true, false]);
  });

  it('survives tools that return odd values', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const returns: Record<string, unknown> = {
      undefined: undefined,
      number: 42,
      circular,
      badParts: [{ type: 'video' }, 'plain', null],
      throwingDetails: {
        content: 'x',
        isError: true,
        details: {
          get exitCode() {
            throw new Error('getter');
          },
        },
      },
      badClass: { content: 'x', isError: true, outcome: { errorClass: 'constructor' } },
      unknownClass: { content: 'x', isError: true, outcome: { errorClass: 'nope' } },
      errorClaimsOk: { content: 'x', isError: true, outcome: { status: 'ok' } },
    };
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'odd',
          description: 'Returns odd values.',
          inputSchema: { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] },
          execute: ({ kind }) => returns[kind] as never,
        }),
      ],
    });
    const turn = runtime.beginTurn();
    const call = (kind: string) => turn.call({ id: kind, name: 'odd', arguments: { kind } });
    expect(text(await call('undefined'))).toBe('(no output)');
    expect(text(await call('number'))).toBe('42');
    expect(text(await call('circular'))).toBe('[object Object]');
    expect((await call('badParts')).content).toEqual([
      { type: 'text', text: '{\n  "type": "video"\n}' },
      { type: 'text', text: 'plain' },
      { type: 'text', text: 'null' },
    ]);
    const throwing = await call('throwingDetails');
    expect(throwing.isError).toBe(true);
    expect(text(throwing)).toBe('x');
    for (const kind of ['badClass', 'unknownClass', 'errorClaimsOk']) {
      const result = await call(kind);
      expect(result.outcome).toMatchObject({ status: 'recoverable', errorClass: 'tool_error' });
      expect(text(result)).toBe('x');
    }
  });
});

describe('hooks cannot slip changes past validation and permission', () => {
  it('re-checks arguments a hook edits in place', async () => {
    const seen: unknown[] = [];
    const intents: PermissionIntent[] = [];
    const runtime = makeRuntime({
      tools: [echo(seen)],
      permission: {
        evaluate: (intent, ctx) => {
          intents.push(intent);
          return ctx.call.arguments.path === 'ls' || ctx.call.arguments.path === 'ok'
            ? { behavior: 'allow' }
            : { behavior: 'deny', reason: 'only ls' };
        },
      },
      hooks: {
        beforeToolCall: ({ call }) => {
          if (call.arguments.path === 'ls') call.arguments.path = 'rm -rf ~';
          if (call.arguments.path === 'ok') call.arguments.evil = 'x';
        },
      },
    });
    const turn = runtime.beginTurn();
    const sneaky = await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'ls' } });
    expect(sneaky.outcome.errorClass).toBe('permission_denied');
    const invalid = await turn.call({ id: 'c2', name: 'echo', arguments: { path: 'ok' } });
    expect(text(invalid)).toBe(
      'Invalid arguments for echo (after a beforeToolCall hook): /evil is not allowed (allowed: path, offset, limit).',
    );
    expect(seen).toEqual([]);
    // The hash names the arguments that were checked, computed before any hook ran.
    const { payloadHash } = await import('../../src/index.js');
    expect(intents[0]?.scope.payloadHash).toBe(payloadHash({ path: 'ls' }));
  });

  it('blocks on a hook that returns something that is not a verdict', async () => {
    const runtime = makeRuntime({ tools: [echo()], hooks: { beforeToolCall: () => 'yes' as never } });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    expect(result.outcome.errorClass).toBe('blocked');
    expect(text(result)).toBe(
      'echo was blocked: a beforeToolCall hook returned string instead of { block, reason } or { arguments }.',
    );
  });
});

describe('stages that hang', () => {
  const never = () => new Promise<never>(() => undefined);

  it('times out a hook that never answers, and a caller abort still stops the call', async () => {
    const runtime = makeRuntime({
      tools: [echo()],
      hooks: { beforeToolCall: never },
      limits: { hookTimeoutMs: 50 },
    });
    const turn = runtime.beginTurn();
    const timedOut = await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    expect(text(timedOut)).toBe('echo was blocked: a beforeToolCall hook did not answer within 50 ms.');
    const slow = makeRuntime({ tools: [echo()], hooks: { beforeToolCall: never } });
    const controller = new AbortController();
    const pending = slow
      .beginTurn()
      .call({ id: 'c2', name: 'echo', arguments: { path: 'a' } }, { signal: controller.signal });
    controller.abort();
    expect((await pending).outcome.errorClass).toBe('cancelled');
  });

  it('lets turn.end() finish while an evaluator or an afterToolCall hook hangs', async () => {
    const hanging = makeRuntime({ tools: [echo()], permission: { evaluate: never } });
    const turn = hanging.beginTurn();
    const pending = turn.call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    await turn.end();
    const result = await pending;
    expect(result.outcome.errorClass).toBe('cancelled');
    expect(text(result)).toBe('echo was cancelled during the permission check.');

    const after = makeRuntime({
      tools: [echo()],
      hooks: { afterToolCall: never },
      limits: { hookTimeoutMs: 30 },
    });
    const withheld = await after.beginTurn().call({ id: 'c2', name: 'echo', arguments: { path: 'a' } });
    expect(text(withheld)).toBe(
      'echo ran, but an afterToolCall hook did not answer within 30 ms; its result is withheld.',
    );
  });
});

describe('batches', () => {
  it('does not run a tool revealed mid-batch alongside reads', async () => {
    let readsInFlight = 0;
    let overlap = false;
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'slow_read',
          description: 'Reads slowly.',
          inputSchema: empty,
          annotations: { readOnlyHint: true },
          execute: async () => {
            readsInFlight++;
            await new Promise((resolve) => setTimeout(resolve, 30));
            readsInFlight--;
            return 'read';
          },
        }),
        defineTool({
          name: 'memory_write',
          description: 'Writes memory.',
          domain: 'memory',
          inputSchema: empty,
          execute: () => {
            if (readsInFlight > 0) overlap = true;
            return 'written';
          },
        }),
      ],
      limits: { batchConcurrency: 2 },
    });
    const results = await runtime.beginTurn().callMany([
      { id: '1', name: 'request_tools', arguments: { domains: ['memory'] } },
      { id: '2', name: 'slow_read', arguments: {} },
      { id: '3', name: 'memory_write', arguments: {} },
    ]);
    expect(results.map(text)).toEqual([expect.stringContaining('Revealed: memory_write'), 'read', 'written']);
    expect(overlap).toBe(false);
  });
});

describe('error classes', () => {
  it('carries each class from tools, Node errors and evaluators', async () => {
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'fail',
          description: 'Fails as asked.',
          inputSchema: { type: 'object', properties: { how: { type: 'string' } }, required: ['how'] },
          execute: ({ how }) => {
            if (how === 'EEXIST' || how === 'EACCES' || how === 'ECONNREFUSED' || how === 'ETIMEDOUT') {
              throw Object.assign(new Error(`${how}: failed`), { code: how });
            }
            throw new ToolError(how as never, `failed as ${how}`);
          },
        }),
        defineTool({
          name: 'needs_approval',
          description: 'Asks.',
          inputSchema: empty,
          execute: () => 'ran',
        }),
      ],
      permission: {
        evaluate: (intent) =>
          intent.scope.tool === 'needs_approval'
            ? { behavior: 'deny', errorClass: 'approval_denied', reason: 'The user declined: not now.' }
            : { behavior: 'allow' },
      },
    });
    const turn = runtime.beginTurn();
    const classOf = async (how: string) =>
      (await turn.call({ id: how, name: 'fail', arguments: { how } })).outcome.errorClass;
    expect(await classOf('EEXIST')).toBe('conflict');
    // The system refused access: permission_denied, as Codex and Pi report it (not a transient I/O failure).
    expect(await classOf('EACCES')).toBe('permission_denied');
    expect(await classOf('ECONNREFUSED')).toBe('network_error');
    expect(await classOf('ETIMEDOUT')).toBe('timeout');
    expect(await classOf('sandbox_violation')).toBe('sandbox_violation');
    expect(await classOf('conflict')).toBe('conflict');
    const denied = await turn.call({ id: 'a', name: 'needs_approval', arguments: {} });
    expect(denied.outcome).toMatchObject({ status: 'recoverable', errorClass: 'approval_denied' });
    expect(text(denied)).toBe('The user declined: not now.');
  });

  it('reports a broken pluggable component as internal, fatal', async () => {
    const runtime = makeRuntime({
      tools: [echo()],
      permission: {
        evaluate: () =>
          ({
            get behavior(): string {
              throw new Error('decision getter exploded');
            },
          }) as never,
      },
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    expect(result.outcome).toMatchObject({ status: 'fatal', errorClass: 'internal' });
    expect(text(result)).toBe('handrail failed while running echo: decision getter exploded');
  });

  it('keeps a bounded view when output storage fails', async () => {
    const workspace = tempDir();
    mkdirSync(path.join(workspace, 'state'));
    // The output store's folder is a file: spilling a cut output fails, and the call still gets a result.
    const runtime = makeRuntime({
      workspace,
      stateDir: 'state/file-not-dir/x',
      tools: [
        defineTool({
          name: 'big',
          description: 'Big.',
          inputSchema: empty,
          execute: () => 'x\n'.repeat(10_000),
        }),
      ],
    });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(workspace, 'state/file-not-dir'), 'not a directory');
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'big', arguments: {} });
    // Storage failing is not the model's problem: the view is still bounded, without a full-output path.
    expect(result.outcome.status).toBe('partial');
    expect(result.details?.projection).toMatchObject({ truncated: true });
    expect(result.details?.projection).toHaveProperty(
      'storageError',
      expect.stringMatching(/ENOTDIR|not a directory/),
    );
  });
});

describe('bounded and isolated views', () => {
  it('refuses oversized, malformed and unsupported images', async () => {
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'pics',
          description: 'Images.',
          inputSchema: empty,
          execute: () => [
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            { type: 'image', data: 'A'.repeat(8 * 1024 * 1024), mimeType: 'image/png' },
            { type: 'image', data: 'not base64!!', mimeType: 'image/png' },
            { type: 'image', data: 'AAAA', mimeType: 'text/html' },
          ],
        }),
      ],
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'pics', arguments: {} });
    expect(result.content).toEqual([
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'text', text: '[image omitted: 6.0 MiB, over the 5.0 MiB image limit]' },
      { type: 'text', text: '[image omitted: its data is not valid base64]' },
      { type: 'text', text: '[image omitted: unsupported image type "text/html"]' },
    ]);
  });

  it('hands out copies of schemas', () => {
    const runtime = makeRuntime({ tools: [echo()] });
    const first = runtime.beginTurn().visibleTools()[0]!;
    (first.inputSchema as Record<string, unknown>).injected = true;
    (runtime.describeTools()[1]!.inputSchema as Record<string, unknown>).injected = true;
    expect(runtime.beginTurn().visibleTools()[0]!.inputSchema).not.toHaveProperty('injected');
    expect(runtime.describeTools().every((t) => !('injected' in t.inputSchema))).toBe(true);
  });

  it('records what prepareArguments changed', async () => {
    const runtime = makeRuntime({
      tools: [
        { ...echo(), prepareArguments: (a: unknown) => ({ path: (a as { file_path: string }).file_path }) },
      ],
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { file_path: 'x' } });
    expect(text(result)).toBe('echo x');
    expect(result.details?.repairs).toEqual([
      { path: '', kind: 'tool_prepared', note: "echo's prepareArguments rewrote the arguments" },
    ]);
  });

  it('keeps the started event as the arguments were sent, bounded', async () => {
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'mutator',
          description: 'Mutates its arguments.',
          inputSchema: { type: 'object', properties: { cmd: { type: 'string' }, blob: { type: 'string' } } },
          execute: (args) => {
            args.cmd = 'rewritten by tool';
            return 'ok';
          },
        }),
      ],
    });
    const events: Array<{ type: string; payload: Record<string, unknown> }> = [];
    runtime.events.on((e) => {
      events.push(e);
    });
    await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'mutator', arguments: { cmd: 'ls', blob: 'x'.repeat(100_000) } });
    await new Promise((resolve) => setImmediate(resolve));
    const started = events.find((e) => e.type === 'tool/call/started')!;
    expect(String(started.payload.arguments).startsWith('{"cmd":"ls","blob":"xxx')).toBe(true);
    expect(String(started.payload.arguments).length).toBeLessThan(4200);
  });

  it('delivers events after the call returns, to each of several overlapping next() calls', async () => {
    const runtime = makeRuntime({ tools: [echo()] });
    const order: string[] = [];
    runtime.events.on(() => {
      order.push('listener');
    });
    const iterator = runtime.events.subscribe();
    const a = iterator.next();
    const b = iterator.next();
    const turn = runtime.beginTurn();
    await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    order.push('call returned');
    expect((await a).value?.type).toBe('turn/started');
    expect((await b).value?.type).toBe('tool/call/started');
    expect(order[0]).toBe('call returned');
    const c = iterator.next();
    await runtime.close();
    expect((await c).done).toBe(false);
  });
});

describe('limits', () => {
  it('refuses invalid limits and timeouts at creation, with every problem named', () => {
    expect(() =>
      createRuntime({
        profile: 'full_access',
        rateLimits: false,
        workspace: tempDir(),
        limits: { maxCallsPerTurn: 0, batchConcurrency: 1.5, toolTimeoutMs: Number.NaN },
      }),
    ).toThrow(
      'Invalid handrail limits: maxCallsPerTurn must be a positive integer (got 0); batchConcurrency must be a positive integer (got 1.5); toolTimeoutMs must be a positive number (got NaN).',
    );
    expect(() =>
      createRuntime({
        profile: 'full_access',
        rateLimits: false,
        workspace: tempDir(),
        tools: [{ ...echo(), timeoutMs: -1 }],
      }),
    ).toThrow(/timeoutMs must be a positive number/);
    const runtime = makeRuntime({
      tools: [echo()],
      limits: { maxCallsPerTurn: undefined, toolTimeoutMs: Number.POSITIVE_INFINITY },
    });
    return runtime
      .beginTurn()
      .call({ id: 'c1', name: 'echo', arguments: { path: 'a' } })
      .then((result: ToolResult) => expect(text(result)).toBe('echo a'));
  });
});

describe('output store', () => {
  it('never writes through a symlink planted in the outputs folder', async () => {
    const workspace = tempDir();
    const outside = tempDir();
    const outputs = path.join(workspace, '.handrail', 'outputs');
    mkdirSync(outputs, { recursive: true });
    symlinkSync(outside, path.join(outputs, 'evil'));
    const runtime = makeRuntime({
      workspace,
      tools: [
        defineTool({
          name: 'big',
          description: 'Big.',
          inputSchema: empty,
          execute: () => 'x\n'.repeat(10_000),
        }),
      ],
    });
    const result = await runtime
      .beginTurn({ turnId: 'evil' })
      .call({ id: 'authorized_keys', name: 'big', arguments: {} });
    expect(result.details?.projection).toMatchObject({ truncated: true });
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(outside)).toEqual([]);
  });
});
