// Typed capabilities: a tool declares what it needs, the runtime provides exactly that, reading one it did
// not declare is a type error, and a capability the turn lacks fails the call closed (never a crash).
import path from 'node:path';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { filesCapability, visibilityCapability } from '../../src/core/capabilities.js';
import {
  type CapabilityProvider,
  createRuntime,
  defineTool,
  ToolRegistrationError,
} from '../../src/index.js';
import type { FileAccess } from '../../src/sandbox/file-policy-types.js';
import { onCleanup } from '../support/cleanup.js';
import { text } from '../support/results.js';
import { tempDir } from '../support/temp.js';

function runtime(tools: Parameters<typeof createRuntime>[0] extends infer O ? O : never = {}) {
  const dir = tempDir('handrail-caps-');
  const rt = createRuntime({ workspace: dir, store: false, profile: 'full_access', ...tools });
  onCleanup(() => rt.close());
  return rt;
}

/** A provider counting how often it was created and handed out. */
function counter(): CapabilityProvider<'counter', { n: number }> & { created: number } {
  const provider = {
    key: 'counter' as const,
    created: 0,
    create() {
      provider.created++;
      const value = { n: 0 };
      return { forTurn: () => value, close: async () => {} };
    },
  };
  return provider;
}

describe('typed capabilities', () => {
  test('a tool sees the capabilities it declares, typed; an undeclared one is a type error', async () => {
    const count = counter();
    const tool = defineTool({
      name: 'count_up',
      description: 'Counts.',
      inputSchema: { type: 'object', properties: {} },
      capabilities: [count, filesCapability],
      execute(_args, ctx) {
        expectTypeOf(ctx.capabilities.counter).toEqualTypeOf<{ n: number }>();
        expectTypeOf(ctx.capabilities.files).toEqualTypeOf<FileAccess>();
        // @ts-expect-error: the tool did not declare the shell capability
        void ctx.capabilities.shell;
        ctx.capabilities.counter.n++;
        return `n=${ctx.capabilities.counter.n} cwd=${path.basename(ctx.capabilities.files.cwd)}`;
      },
    });
    const rt = runtime({ tools: [tool] });
    const turn = rt.beginTurn();
    expect(text(await turn.call({ id: '1', name: 'count_up', arguments: {} }))).toMatch(
      /^n=1 cwd=handrail-caps-/,
    );
    expect(text(await rt.beginTurn().call({ id: '2', name: 'count_up', arguments: {} }))).toMatch(/^n=2/);
    expect(count.created).toBe(1);
  });

  test('a tool registered after a turn began fails closed in that turn, and works in the next', async () => {
    const rt = runtime();
    const turn = rt.beginTurn();
    const count = counter();
    rt.registerTool(
      defineTool({
        name: 'late',
        description: 'Late.',
        inputSchema: { type: 'object', properties: {} },
        capabilities: [count],
        execute: (_args, ctx) => `n=${++ctx.capabilities.counter.n}`,
      }),
    );
    const missing = await turn.call({ id: '1', name: 'late', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(missing.outcome.errorClass).toBe('internal');
    expect(text(missing)).toMatch(
      /late needs the counter capability, and this turn has none; start a new turn/,
    );
    expect(text(await rt.beginTurn().call({ id: '2', name: 'late', arguments: {} }))).toBe('n=1');
  });

  test("a provider cannot take a runtime key; the runtime's own declarations are accepted, even from dynamic tools", async () => {
    const fake: CapabilityProvider<'files', unknown> = {
      key: 'files',
      create: () => ({ forTurn: () => ({}), close: async () => {} }),
    };
    const spec = (capabilities: readonly CapabilityProvider[]) =>
      defineTool({
        name: 'x',
        description: 'X.',
        inputSchema: { type: 'object', properties: {} },
        capabilities,
        execute: () => 'ok',
      });
    expect(() => runtime({ tools: [spec([fake])] })).toThrow(/capability "files" is the runtime's own/);
    const rt = runtime();
    expect(() => rt.registerTool(spec([counter()]), { dynamic: true })).toThrow(
      /dynamic tools cannot bring capability providers/,
    );
    rt.registerTool(spec([filesCapability, visibilityCapability]), { dynamic: true });
    expect(rt.describeTools().map((t) => t.name)).toContain('x');
  });

  test('two providers of one key with different settings are refused, naming the fix', () => {
    const a = counter();
    const b = counter();
    const tool = (name: string, provider: CapabilityProvider) =>
      defineTool({
        name,
        description: 'T.',
        inputSchema: { type: 'object', properties: {} },
        capabilities: [provider],
        execute: () => 'ok',
      });
    let error: unknown;
    try {
      runtime({ tools: [tool('one', a), tool('two', b)] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolRegistrationError);
    expect(String(error)).toMatch(/capability "counter" is already provided with other settings/);
    const rt = runtime({ tools: [tool('one', a)] });
    expect(() => rt.registerTool(tool('two', b))).toThrow(/already provided/);
    // The refused tool is not left half-registered.
    expect(rt.describeTools().map((t) => t.name)).not.toContain('two');
  });
});
