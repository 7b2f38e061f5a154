import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolRegistrationError } from '../../src/index.js';
import { text } from '../support/results.js';
import { makeRuntime } from '../support/runtime.js';
import { READ_FILE_SCHEMA } from './helpers.js';

function readFileTool(seen: unknown[] = []) {
  return defineTool({
    name: 'read_file',
    description: 'Read a file.',
    inputSchema: READ_FILE_SCHEMA,
    annotations: { readOnlyHint: true },
    execute: (args) => {
      seen.push(args);
      return `read ${args.path}`;
    },
  });
}

describe('route', () => {
  it('answers an unknown name with the closest visible tools', async () => {
    const runtime = makeRuntime({ tools: [readFileTool()] });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'reed_file', arguments: '{}' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'Unknown tool "reed_file". Did you mean "read_file"? Available tools: read_file.',
    );
    expect(result.outcome).toMatchObject({ status: 'recoverable', errorClass: 'unknown_tool' });
  });

  it('refuses a hidden domain tool and says how to reveal it', async () => {
    const runtime = makeRuntime({
      tools: [
        readFileTool(),
        defineTool({
          name: 'memory_search',
          description: 'Search memory.',
          domain: 'memory',
          inputSchema: { type: 'object', properties: {} },
          execute: () => 'found',
        }),
      ],
    });
    const turn = runtime.beginTurn();
    const hidden = await turn.call({ id: 'c1', name: 'memory_search', arguments: {} });
    expect(hidden.outcome.errorClass).toBe('not_visible');
    expect(text(hidden)).toBe(
      'Tool "memory_search" is not available yet: it belongs to the "memory" domain. Call request_tools with {"domains":["memory"]} to reveal it, then call it again.',
    );
    const misspelled = await turn.call({ id: 'c2', name: 'memory_serch', arguments: {} });
    expect(text(misspelled)).toContain('Did you mean "memory_search"? It is in the "memory" domain');
  });
});

describe('repair', () => {
  const schema = {
    type: 'object',
    properties: {
      path: { type: 'string' },
      count: { type: 'integer' },
      force: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      options: { type: 'object', properties: { depth: { type: 'number' } } },
      note: { type: 'string' },
    },
    required: ['path'],
    additionalProperties: false,
  };

  it('repairs the known model quirks and records each repair', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'quirky',
          description: 'Takes many types.',
          inputSchema: schema,
          execute: (a) => {
            seen.push(a);
            return 'ok';
          },
        }),
      ],
    });
    const inner = JSON.stringify({
      path: 'a.ts',
      count: '12',
      force: 'TRUE',
      tags: '["x","y"]',
      options: '{"depth":2}',
      note: null,
    });
    const result = await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'quirky', arguments: JSON.stringify(inner) });
    expect(result.isError).toBe(false);
    expect(seen[0]).toEqual({
      path: 'a.ts',
      count: 12,
      force: true,
      tags: ['x', 'y'],
      options: { depth: 2 },
    });
    const kinds = ((result.details?.repairs ?? []) as Array<{ kind: string; path: string }>).map(
      (r) => `${r.kind} ${r.path}`,
    );
    expect(kinds.sort()).toEqual(
      [
        'double_encoded ',
        'string_to_number /count',
        'string_to_boolean /force',
        'stringified_json /tags',
        'stringified_json /options',
        'null_removed /note',
      ].sort(),
    );
  });

  it('leaves a string field holding digits alone and records nothing for a clean call', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'quirky',
          description: 'Takes many types.',
          inputSchema: schema,
          execute: (a) => {
            seen.push(a);
            return 'ok';
          },
        }),
      ],
    });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'quirky', arguments: { path: '12' } });
    expect(seen[0]).toEqual({ path: '12' });
    expect(result.details).toBeUndefined();
  });

  it("runs the tool's prepareArguments before validation", async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'read_file',
          description: 'Read a file.',
          inputSchema: READ_FILE_SCHEMA,
          // An old argument name some models still send.
          prepareArguments: (args) => {
            const a = { ...(args as Record<string, unknown>) };
            if ('file_path' in a) {
              a.path = a.file_path;
              delete a.file_path;
            }
            return a;
          },
          execute: (a) => {
            seen.push(a);
            return 'ok';
          },
        }),
      ],
    });
    const result = await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'read_file', arguments: { file_path: 'x.ts' } });
    expect(result.isError).toBe(false);
    expect(seen).toEqual([{ path: 'x.ts' }]);
  });
});

describe('validate', () => {
  it('lists every problem with its path in one message', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({ tools: [readFileTool(seen)] });
    const result = await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'read_file', arguments: '{"offset":"abc"}' });
    expect(text(result)).toBe(
      'Invalid arguments for read_file: /offset must be integer (got "abc"); /path is required.',
    );
    expect(result.outcome).toMatchObject({ status: 'recoverable', errorClass: 'invalid_arguments' });
    expect(seen).toEqual([]);
  });

  it('rejects malformed JSON without guessing', async () => {
    const runtime = makeRuntime({ tools: [readFileTool()] });
    const result = await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'read_file', arguments: '{"path": "a.ts"' });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toMatch(/^Invalid arguments for read_file: arguments are not valid JSON: /);
  });

  it('rejects oversized arguments before parsing them', async () => {
    const runtime = makeRuntime({ tools: [readFileTool()] });
    const huge = JSON.stringify({ path: 'x'.repeat(2 * 1024 * 1024) });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'read_file', arguments: huge });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toContain('over the 1.0 MiB limit');
  });

  it('rejects prototype-pollution keys', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({ tools: [readFileTool(seen)] });
    const result = await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'read_file', arguments: '{"path":"a","__proto__":{"polluted":true}}' });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toContain('__proto__');
    expect(seen).toEqual([]);
  });

  it('accepts zod v4 schemas, applying defaults and refinements', async () => {
    const seen: unknown[] = [];
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'zod_tool',
          description: 'Uses zod.',
          inputSchema: z.object({
            path: z.string().refine((p) => !p.includes('..'), 'must not contain ".."'),
            limit: z.number().int().default(10),
          }),
          execute: (args) => {
            seen.push(args);
            return `limit ${args.limit}`;
          },
        }),
      ],
    });
    const turn = runtime.beginTurn();
    expect(turn.visibleTools().find((t) => t.name === 'zod_tool')?.inputSchema).toMatchObject({
      required: ['path'],
    });
    const ok = await turn.call({ id: 'c1', name: 'zod_tool', arguments: { path: 'a.ts' } });
    expect(text(ok)).toBe('limit 10');
    const refined = await turn.call({ id: 'c2', name: 'zod_tool', arguments: { path: '../x' } });
    expect(refined.outcome.errorClass).toBe('invalid_arguments');
    expect(text(refined)).toContain('must not contain ".."');
    expect(seen).toEqual([{ path: 'a.ts', limit: 10 }]);
  });

  it('accepts TypeBox schemas', async () => {
    const runtime = makeRuntime({
      tools: [
        defineTool({
          name: 'tb_tool',
          description: 'Uses TypeBox.',
          inputSchema: Type.Object({ n: Type.Integer() }),
          execute: (args) => `n=${args.n + 1}`,
        }),
      ],
    });
    const turn = runtime.beginTurn();
    expect(text(await turn.call({ id: 'c1', name: 'tb_tool', arguments: '{"n":"41"}' }))).toBe('n=42');
    const bad = await turn.call({ id: 'c2', name: 'tb_tool', arguments: { n: 1.5 } });
    expect(text(bad)).toBe('Invalid arguments for tb_tool: /n must be integer (got 1.5).');
  });
});

describe('registration', () => {
  it('lints schemas and reports every problem', () => {
    const bad = defineTool({
      name: 'bad',
      description: 'Bad schema.',
      inputSchema: { type: 'object', properties: { list: { type: 'array' } }, required: ['missing'] },
      execute: () => '',
    });
    expect(() => makeRuntime({ tools: [bad] })).toThrow(ToolRegistrationError);
    try {
      makeRuntime({ tools: [bad] });
    } catch (error) {
      const problems = (error as ToolRegistrationError).problems.join('\n');
      expect(problems).toContain('missing');
      expect(problems).toContain('items');
    }
  });

  it('rejects bad names, duplicates and dynamic tools that shadow built-in names', () => {
    expect(() =>
      defineTool({
        name: 'bad name!',
        description: 'x',
        inputSchema: { type: 'object', properties: {} },
        execute: () => '',
      }),
    ).toThrow(/name must match/);
    const tool = defineTool({
      name: 'dup',
      description: 'x',
      inputSchema: { type: 'object', properties: {} },
      execute: () => '',
    });
    expect(() => makeRuntime({ tools: [tool, tool] })).toThrow(/already registered/);
    const runtime = makeRuntime();
    const shadow = defineTool({
      name: 'read_file',
      description: 'x',
      inputSchema: { type: 'object', properties: {} },
      execute: () => '',
    });
    expect(() => runtime.registerTool(shadow, { dynamic: true })).toThrow(/is a protected name/);
    expect(() => runtime.registerTool({ ...shadow, name: 'request_tools' })).toThrow(/already registered/);
  });

  it('reports OpenAI strict-mode compatibility without refusing the tool', () => {
    const runtime = makeRuntime({
      tools: [
        defineTool({ name: 'loose', description: 'x', inputSchema: READ_FILE_SCHEMA, execute: () => '' }),
        defineTool({
          name: 'strict',
          description: 'x',
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'string' } },
            required: ['a'],
            additionalProperties: false,
          },
          execute: () => '',
        }),
      ],
    });
    const byName = Object.fromEntries(runtime.describeTools().map((t) => [t.name, t]));
    expect(byName.strict?.openAIStrict.compatible).toBe(true);
    expect(byName.loose?.openAIStrict.compatible).toBe(false);
    expect(byName.loose?.openAIStrict.problems.join(' ')).toMatch(/offset|limit/);
  });
});
