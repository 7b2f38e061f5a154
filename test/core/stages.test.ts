import { describe, expect, it } from 'vitest';
import { defineTool, type PermissionIntent, ToolError } from '../../src/index.js';
import { text } from '../support/results.js';
import { makeRuntime } from '../support/runtime.js';
import { READ_FILE_SCHEMA } from './helpers.js';

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

describe('permission stage', () => {
  it('passes the intent to the evaluator and turns deny into a result before any side effect', async () => {
    const seen: unknown[] = [];
    const intents: PermissionIntent[] = [];
    const runtime = makeRuntime({
      tools: [
        defineTool({
          ...echo(seen),
          classify: (args) => ({
            action: 'file_read',
            summary: `read ${args.path}`,
            scope: { paths: [args.path] },
          }),
        }),
      ],
      permission: {
        evaluate: (intent) => {
          intents.push(intent);
          return intent.scope.paths && (intent.scope.paths as string[])[0] === 'secret'
            ? {
                behavior: 'deny',
                reason: 'Reading secret is denied by rule read_file(secret).',
                rule: 'read_file(secret)',
              }
            : { behavior: 'allow' };
        },
      },
    });
    const turn = runtime.beginTurn();
    expect(text(await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'open' } }))).toBe('echo open');
    const denied = await turn.call({ id: 'c2', name: 'echo', arguments: { path: 'secret' } });
    expect(denied.outcome.errorClass).toBe('permission_denied');
    expect(text(denied)).toBe('Reading secret is denied by rule read_file(secret).');
    expect(seen).toEqual([{ path: 'open' }]);
    expect(intents[0]).toMatchObject({
      action: 'file_read',
      summary: 'read open',
      scope: { tool: 'echo', paths: ['open'] },
    });
    expect(intents[0]?.scope.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails closed when the evaluator throws', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [echo(seen)],
      permission: {
        evaluate: () => {
          throw new Error('policy store unavailable');
        },
      },
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(text(result)).toContain('policy store unavailable');
    expect(seen).toEqual([]);
  });
});

describe('beforeToolCall', () => {
  it('blocks with the hook reason', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [echo(seen)],
      hooks: { beforeToolCall: () => ({ block: true, reason: 'No reading today.' }) },
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    expect(text(result)).toBe('No reading today.');
    expect(result.outcome.errorClass).toBe('blocked');
    expect(seen).toEqual([]);
  });

  it('replaces arguments, which are validated and permission-checked again', async () => {
    const seen: unknown[] = [];
    const checked: string[] = [];
    const runtime = makeRuntime({
      tools: [echo(seen)],
      permission: {
        evaluate: (_intent, ctx) => {
          checked.push(String(ctx.call.arguments.path));
          return ctx.call.arguments.path === '/etc/shadow'
            ? { behavior: 'deny', reason: 'no' }
            : { behavior: 'allow' };
        },
      },
      hooks: {
        beforeToolCall: ({ call }) => {
          if (call.arguments.path === 'rewrite') return { arguments: { path: 'rewritten' } };
          if (call.arguments.path === 'break')
            return { arguments: { path: 42 } as unknown as Record<string, unknown> };
          if (call.arguments.path === 'sneak') return { arguments: { path: '/etc/shadow' } };
          return undefined;
        },
      },
    });
    const turn = runtime.beginTurn();
    expect(text(await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'rewrite' } }))).toBe(
      'echo rewritten',
    );
    const broken = await turn.call({ id: 'c2', name: 'echo', arguments: { path: 'break' } });
    expect(text(broken)).toBe(
      'Invalid arguments for echo (after a beforeToolCall hook): /path must be string (got 42).',
    );
    const sneaky = await turn.call({ id: 'c3', name: 'echo', arguments: { path: 'sneak' } });
    expect(sneaky.outcome.errorClass).toBe('permission_denied');
    expect(seen).toEqual([{ path: 'rewritten' }]);
    expect(checked).toEqual(['rewrite', 'rewritten', 'break', 'sneak', '/etc/shadow']);
  });

  it('fails closed when a hook throws', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [echo(seen)],
      hooks: {
        beforeToolCall: async () => {
          throw new Error('hook crashed');
        },
      },
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    expect(result.outcome.errorClass).toBe('blocked');
    expect(text(result)).toBe('echo was blocked: a beforeToolCall hook failed (hook crashed).');
    expect(seen).toEqual([]);
  });
});

describe('execute', () => {
  const tools = [
    defineTool({
      name: 'throws',
      description: 'Throws.',
      inputSchema: { type: 'object', properties: { kind: { type: 'string' } } },
      execute: (args) => {
        if (args.kind === 'tool')
          throw new ToolError(
            'not_found',
            'File src/auth.ts not found — the directory has auth.old.ts and authz.ts',
          );
        if (args.kind === 'node')
          throw Object.assign(new Error('ENOENT: no such file, open x'), { code: 'ENOENT' });
        if (args.kind === 'string') throw 'a bare string';
        return Promise.reject(new Error('async failure'));
      },
    }),
    defineTool({
      name: 'wait',
      description: 'Waits for its signal.',
      inputSchema: { type: 'object', properties: { ignore: { type: 'boolean' } } },
      timeoutMs: 200,
      execute: (args, ctx) =>
        new Promise((resolve, reject) => {
          ctx.onUpdate('waiting');
          if (!args.ignore) ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
          else setTimeout(() => resolve('too late'), 5000).unref();
        }),
    }),
  ];

  it('turns every thrown error into a result with its message and class', async () => {
    const runtime = makeRuntime({ tools });
    const turn = runtime.beginTurn();
    const tool = await turn.call({ id: 'c1', name: 'throws', arguments: { kind: 'tool' } });
    expect(text(tool)).toBe('File src/auth.ts not found — the directory has auth.old.ts and authz.ts');
    expect(tool.outcome).toMatchObject({ status: 'recoverable', errorClass: 'not_found' });
    const node = await turn.call({ id: 'c2', name: 'throws', arguments: { kind: 'node' } });
    expect(node.outcome.errorClass).toBe('not_found');
    const str = await turn.call({ id: 'c3', name: 'throws', arguments: { kind: 'string' } });
    expect(text(str)).toBe('a bare string');
    const rejected = await turn.call({ id: 'c4', name: 'throws', arguments: {} });
    expect(text(rejected)).toBe('async failure');
    expect(rejected.outcome.errorClass).toBe('tool_error');
    expect(rejected.details?.evidence).toMatchObject({ errorClass: 'tool_error', excerpt: 'async failure' });
  });

  it('stops a call at its timeout and when the caller aborts', async () => {
    const runtime = makeRuntime({ tools, limits: { abortGraceMs: 50 } });
    const turn = runtime.beginTurn();
    const timedOut = await turn.call({ id: 'c1', name: 'wait', arguments: {} });
    expect(text(timedOut)).toBe('wait did not finish within 200 ms and was stopped.');
    expect(timedOut.outcome.errorClass).toBe('timeout');

    const controller = new AbortController();
    const updates: unknown[] = [];
    const pending = turn.call(
      { id: 'c2', name: 'wait', arguments: { ignore: true } },
      { signal: controller.signal, onUpdate: (u) => updates.push(u) },
    );
    setTimeout(() => controller.abort(), 20);
    const cancelled = await pending;
    expect(text(cancelled)).toBe('wait was cancelled before it finished.');
    expect(cancelled.outcome).toMatchObject({ status: 'fatal', errorClass: 'cancelled' });
    expect(updates).toEqual([{ callId: 'c2', name: 'wait', content: [{ type: 'text', text: 'waiting' }] }]);
  });

  it('never lets a failing tool produce an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const runtime = makeRuntime({
        tools: [
          defineTool({
            name: 'late',
            description: 'Rejects after being abandoned.',
            inputSchema: { type: 'object', properties: {} },
            timeoutMs: 20,
            execute: () => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 80)),
          }),
        ],
        limits: { abortGraceMs: 10 },
      });
      const result = await runtime.beginTurn().call({ id: 'c1', name: 'late', arguments: {} });
      expect(result.outcome.errorClass).toBe('timeout');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});

describe('afterToolCall', () => {
  it('rewrites content and sets terminate', async () => {
    const runtime = makeRuntime({
      tools: [echo()],
      hooks: {
        afterToolCall: ({ result }) => ({
          content: [{ type: 'text', text: text(result).replace('secret', '[redacted]') }],
          terminate: true,
        }),
      },
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'echo', arguments: { path: 'secret' } });
    expect(text(result)).toBe('echo [redacted]');
    expect(result.terminate).toBe(true);
    expect(result.isError).toBe(false);
  });

  it('can turn a result into an error, and fails closed when it throws', async () => {
    const runtime = makeRuntime({
      tools: [echo()],
      hooks: {
        afterToolCall: ({ call }) => {
          if (call.arguments.path === 'flag') return { isError: true };
          if (call.arguments.path === 'crash') throw new Error('redactor crashed');
          return undefined;
        },
      },
    });
    const turn = runtime.beginTurn();
    const flagged = await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'flag' } });
    expect(flagged.isError).toBe(true);
    expect(flagged.outcome.errorClass).toBe('tool_error');
    const crashed = await turn.call({ id: 'c2', name: 'echo', arguments: { path: 'crash' } });
    expect(crashed.isError).toBe(true);
    expect(text(crashed)).toBe(
      'echo ran, but an afterToolCall hook failed (redactor crashed); its result is withheld.',
    );
  });
});

describe('outcome and retry budgets', () => {
  it('turns a repeated identical failure fatal with a hint to stop', async () => {
    const runtime = makeRuntime({ tools: [echo()] });
    const turn = runtime.beginTurn();
    const bad = { id: 'x', name: 'echo', arguments: { path: 1 } };
    const first = await turn.call({ ...bad, id: 'c1' });
    const second = await turn.call({ ...bad, id: 'c2' });
    const third = await turn.call({ ...bad, id: 'c3' });
    expect(first.outcome.status).toBe('recoverable');
    expect(second.outcome.status).toBe('recoverable');
    expect(third.outcome).toMatchObject({ status: 'fatal', errorClass: 'invalid_arguments' });
    expect(third.outcome.hint).toContain('This exact call has now failed 3 times');
    expect(text(third)).toContain('Stop retrying it');
  });

  it('counts failures per tool and per turn', async () => {
    const runtime = makeRuntime({
      tools: [echo()],
      limits: { retryBudget: { sameCall: 99, perTool: 2, perTurn: 3 } },
    });
    const turn = runtime.beginTurn();
    await turn.call({ id: 'c1', name: 'echo', arguments: { path: 1 } });
    const perTool = await turn.call({ id: 'c2', name: 'echo', arguments: { path: 2 } });
    expect(perTool.outcome.status).toBe('fatal');
    expect(perTool.outcome.hint).toContain('echo has failed 2 times');
    const perTurn = await turn.call({ id: 'c3', name: 'nope', arguments: {} });
    expect(perTurn.outcome.status).toBe('fatal');
    expect(perTurn.outcome.hint).toContain('Tool calls have failed 3 times');
  });

  it('caps calls per turn', async () => {
    const runtime = makeRuntime({ tools: [echo()], limits: { maxCallsPerTurn: 2 } });
    const turn = runtime.beginTurn();
    await turn.call({ id: 'c1', name: 'echo', arguments: { path: 'a' } });
    await turn.call({ id: 'c2', name: 'echo', arguments: { path: 'b' } });
    const third = await turn.call({ id: 'c3', name: 'echo', arguments: { path: 'c' } });
    expect(third.outcome).toMatchObject({ status: 'fatal', errorClass: 'rate_limited' });
    expect(text(third)).toContain('cap of 2 tool calls');
  });
});
