// A server's tool as a ToolSpec: object schema repaired, description marked as the server's and bounded,
// annotations copied, a lazy server's tools in its domain, and a timeout the server's answers first.
import { describe, expect, test } from 'vitest';
import {
  describe as describeTool,
  MAX_DESCRIPTION,
  type McpToolSource,
  mcpToolSpec,
  objectSchema,
  unsupportedReason,
} from '../../../src/extensions/mcp/tool-spec.js';

const source: McpToolSource = {
  server: 'srv',
  lazy: false,
  maxCallMs: 60_000,
  call: async () => 'ok',
};

describe('mcpToolSpec', () => {
  test('copies the hints and title, marks the description, and leaves the pipeline timeout above the call’s', () => {
    const spec = mcpToolSpec(
      {
        name: 'get-sum',
        description: 'Adds two numbers.',
        inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
        annotations: { readOnlyHint: true, destructiveHint: 'yes', title: 'Sum' },
      },
      'mcp__srv__get-sum',
      source,
    );
    expect(spec.name).toBe('mcp__srv__get-sum');
    expect(spec.description).toBe('[mcp server srv] Adds two numbers.');
    expect(spec.annotations).toEqual({ readOnlyHint: true, title: 'Sum' });
    expect(spec.domain).toBeUndefined();
    expect(spec.timeoutMs).toBeGreaterThan(source.maxCallMs);
  });

  test("a lazy server's tools are in the domain mcp:<server>", () => {
    const spec = mcpToolSpec({ name: 't' }, 'mcp__srv__t', { ...source, lazy: true });
    expect(spec.domain).toBe('mcp:srv');
  });
});

describe('objectSchema', () => {
  test('a missing schema, type or properties becomes an object schema', () => {
    expect(objectSchema(undefined)).toEqual({ type: 'object', properties: {} });
    expect(objectSchema({})).toEqual({ type: 'object', properties: {} });
    expect(objectSchema({ properties: { a: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    expect(objectSchema({ type: 'object' })).toEqual({ type: 'object', properties: {} });
  });

  test('anything else is passed on unchanged, for the registry to judge', () => {
    expect(objectSchema({ type: 'string' })).toEqual({ type: 'string' });
    expect(objectSchema([1])).toEqual([1]);
  });
});

describe('describe', () => {
  test('bounds a long description and falls back to the title, then to the name', () => {
    expect(describeTool({ name: 't', description: 'x'.repeat(5000) }, 'srv').length).toBe(MAX_DESCRIPTION);
    expect(describeTool({ name: 't', title: 'A title' }, 'srv')).toBe('[mcp server srv] A title');
    expect(describeTool({ name: 't' }, 'srv')).toContain('"t"');
  });
});

test('a tool that runs only as an MCP task is not offered', () => {
  expect(unsupportedReason({ name: 't', execution: { taskSupport: 'required' } })).toContain('MCP task');
  expect(unsupportedReason({ name: 't', execution: { taskSupport: 'optional' } })).toBeUndefined();
});
