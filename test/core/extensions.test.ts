// The extension contract (core/extensions.ts): a source of dynamic tools started with the runtime. Its tools
// are classified by the runtime from where the extension says they came from (never from the tools), its
// list changes reach the model only at the next turn, and its failures never reach the caller as a throw.
import { describe, expect, test } from 'vitest';
import { defineTool, type ExtensionHost, type RuntimeExtension, type ToolSpec } from '../../src/index.js';
import type { ApprovalRequest } from '../../src/policy/approval/types.js';
import { call, collectEvents, makeRuntime } from '../support/runtime.js';

/** An extension driven by the test: it keeps its host so the test can change its tools later. */
function scripted(name = 'fake', start?: (host: ExtensionHost) => Promise<void> | void) {
  const state: { host?: ExtensionHost; closed: number } = { closed: 0 };
  const extension: RuntimeExtension = {
    name,
    async start(host) {
      state.host = host;
      await start?.(host);
    },
    async close() {
      state.closed += 1;
    },
  };
  return { extension, state };
}

function upstreamTool(name: string, readOnly: boolean, ran: string[] = []): ToolSpec {
  return defineTool({
    name,
    description: 'An upstream tool.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: readOnly },
    // What the tool says about itself must not count.
    classify: () => ({ action: 'file_read', summary: 'harmless', scope: {} }),
    execute: () => {
      ran.push(name);
      return 'ok';
    },
  }) as ToolSpec;
}

function askingRuntime(profile: 'supervised' | 'read_only', extension: RuntimeExtension) {
  const asked: ApprovalRequest[] = [];
  const runtime = makeRuntime({
    profile,
    extensions: [extension],
    policyFiles: { user: null, managed: null, project: null },
    approver: (request) => {
      asked.push(request);
      return { decision: 'deny' };
    },
  });
  return { runtime, asked };
}

describe('classification comes from the origin the extension gives, not from the tool', () => {
  test('an MCP tool that says it only reads asks under supervised as mcp_write_or_unknown, and never runs', async () => {
    const ran: string[] = [];
    const { extension } = scripted('mcp', (host) =>
      host.registerTool(upstreamTool('mcp__s__look', true, ran), { origin: 'mcp' }),
    );
    const { runtime, asked } = askingRuntime('supervised', extension);
    await runtime.ready();
    const result = await runtime.beginTurn().call(call('mcp__s__look', {}));
    expect(result.isError).toBe(true);
    expect(asked.map((r) => r.action)).toEqual(['mcp_write_or_unknown']);
    expect(ran).toEqual([]);
  });

  test('read_only denies it without asking; trust: annotations makes a read-only tool mcp_read', async () => {
    const ran: string[] = [];
    const { extension } = scripted('mcp', (host) => {
      host.registerTool(upstreamTool('mcp__s__look', true, ran), { origin: 'mcp' });
      host.registerTool(upstreamTool('mcp__t__look', true, ran), { origin: 'mcp', trust: 'annotations' });
      host.registerTool(upstreamTool('mcp__t__write', false, ran), { origin: 'mcp', trust: 'annotations' });
    });
    const { runtime, asked } = askingRuntime('read_only', extension);
    await runtime.ready();
    const turn = runtime.beginTurn();
    const untrusted = await turn.call(call('mcp__s__look', {}));
    expect(untrusted.outcome.errorClass).toBe('permission_denied');
    expect((await turn.call(call('mcp__t__look', {}))).isError).toBe(false);
    expect((await turn.call(call('mcp__t__write', {}))).isError).toBe(true);
    expect(asked).toHaveLength(0);
    expect(ran).toEqual(['mcp__t__look']);
  });

  test("a skill's tool is a dynamic_skill_tool even when trusted and read-only", async () => {
    const { extension } = scripted('skills', (host) =>
      host.registerTool(upstreamTool('skill_tool', true), { origin: 'skill', trust: 'annotations' }),
    );
    const { runtime, asked } = askingRuntime('supervised', extension);
    await runtime.ready();
    await runtime.beginTurn().call(call('skill_tool', {}));
    expect(asked.map((r) => r.action)).toEqual(['dynamic_skill_tool']);
  });
});

describe('lifecycle', () => {
  test('ready() waits for every start; a start that throws is an event, not a rejection', async () => {
    let release!: () => void;
    const slow = scripted('slow', () => new Promise<void>((resolve) => (release = resolve)));
    const broken = scripted('broken', () => {
      throw new Error('cannot start');
    });
    const runtime = makeRuntime({ extensions: [slow.extension, broken.extension] });
    const events = collectEvents(runtime);
    let ready = false;
    void runtime.ready().then(() => (ready = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(ready).toBe(false);
    release();
    await runtime.ready();
    expect(ready).toBe(true);
    const failed = events.find((e) => e.type === 'extension/state/changed');
    expect(failed?.payload).toMatchObject({ extension: 'broken', state: 'failed', reason: 'cannot start' });
    await runtime.close();
    expect([slow.state.closed, broken.state.closed]).toEqual([1, 1]);
  });

  test('tools an extension adds mid-turn appear from the next turn; removed ones answer unknown_tool', async () => {
    const { extension, state } = scripted('mcp', (host) =>
      host.registerTool(upstreamTool('mcp__s__first', false), { origin: 'mcp' }),
    );
    const runtime = makeRuntime({ extensions: [extension] });
    await runtime.ready();
    const turn = runtime.beginTurn();
    state.host!.registerTool(upstreamTool('mcp__s__second', false), { origin: 'mcp' });
    expect(turn.visibleTools().map((t) => t.name)).not.toContain('mcp__s__second');
    expect((await turn.call(call('mcp__s__second', {}))).isError).toBe(true);
    const next = runtime.beginTurn();
    expect(next.visibleTools().map((t) => t.name)).toContain('mcp__s__second');
    expect((await next.call(call('mcp__s__second', {}))).isError).toBe(false);

    expect(state.host!.unregisterTool('mcp__s__first')).toBe(true);
    const gone = await next.call(call('mcp__s__first', {}));
    expect(gone.outcome.errorClass).toBe('unknown_tool');
    expect(gone.content[0]).toMatchObject({ type: 'text' });
    expect(JSON.stringify(gone.content)).toContain('mcp__s__second');
  });

  test('refreshTools() lets a long-lived turn take on the new tools once its client is told', async () => {
    const { extension, state } = scripted('mcp');
    const runtime = makeRuntime({ extensions: [extension] });
    await runtime.ready();
    const turn = runtime.beginTurn();
    state.host!.registerTool(upstreamTool('mcp__s__late', true), { origin: 'mcp', trust: 'annotations' });
    const early = await turn.call(call('mcp__s__late', {}));
    expect(early.outcome.errorClass).toBe('unknown_tool');
    expect(JSON.stringify(early.content)).toMatch(/arrived after this turn began/);
    expect(turn.refreshTools()).toEqual(['mcp__s__late']);
    expect((await turn.call(call('mcp__s__late', {}))).isError).toBe(false);
    expect(turn.refreshTools()).toEqual([]);
    const described = runtime.describeTools().find((t) => t.name === 'mcp__s__late');
    expect(described).toMatchObject({
      source: 'dynamic',
      origin: 'mcp',
      trust: 'annotations',
      readOnly: true,
    });
  });

  test("a pattern only a backtracking engine can run: refused from an extension, kept in the owner's tool", async () => {
    const schema = {
      type: 'object',
      properties: { user: { type: 'string', pattern: '^(?!admin$)[a-z]+$' } },
    } as const;
    const withPattern = (name: string) =>
      defineTool({ name, description: 'x', inputSchema: schema, execute: () => 'ok' }) as ToolSpec;
    const refused: string[] = [];
    const { extension } = scripted('mcp', (host) => {
      try {
        host.registerTool(withPattern('mcp__s__who'), { origin: 'mcp' });
      } catch (error) {
        refused.push((error as Error).message);
      }
    });
    const runtime = makeRuntime({ extensions: [extension], tools: [withPattern('owners_who')] });
    await runtime.ready();
    expect(refused.join('')).toMatch(/lookahead/);
    const turn = runtime.beginTurn();
    expect((await turn.call(call('owners_who', { user: 'alice' }))).isError).toBe(false);
    expect((await turn.call(call('owners_who', { user: 'admin' }))).outcome.errorClass).toBe(
      'invalid_arguments',
    );
  });

  test("an extension cannot remove the owner's tools or another extension's", async () => {
    const a = scripted('a', (host) => host.registerTool(upstreamTool('from_a', false), { origin: 'mcp' }));
    const b = scripted('b');
    const runtime = makeRuntime({
      extensions: [a.extension, b.extension],
      tools: [upstreamTool('owners', true)],
    });
    await runtime.ready();
    expect(b.state.host!.unregisterTool('from_a')).toBe(false);
    expect(b.state.host!.unregisterTool('owners')).toBe(false);
    expect(b.state.host!.hasTool('owners')).toBe(true);
    expect(runtime.describeTools().map((t) => t.name)).toEqual(expect.arrayContaining(['from_a', 'owners']));
  });
});
