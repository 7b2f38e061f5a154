// The tool list a client sees: MCP annotations spelled out, and which tools a profile offers.
import { describe, expect, it } from 'vitest';
import type { ToolDescription } from '../../src/core/index.js';
import {
  describedAnnotations,
  mcpAnnotations,
  mcpToolList,
  offeredUnder,
} from '../../src/server/tool-list.js';
import type { ToolAnnotations } from '../../src/types/index.js';

describe('MCP annotations', () => {
  it('spells out every hint, never leaving MCP’s pessimistic defaults to speak for a tool', () => {
    expect(mcpAnnotations({ readOnlyHint: true })).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(mcpAnnotations({})).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    // A read-only tool is never destructive, whatever it claims.
    expect(mcpAnnotations({ readOnlyHint: true, destructiveHint: true }).destructiveHint).toBe(false);
    expect(mcpAnnotations({ destructiveHint: false, title: 'Edit' })).toMatchObject({
      title: 'Edit',
      destructiveHint: false,
    });
  });

  it('read_only offers reads and commands, not closed-world writers', () => {
    expect(offeredUnder('read_only', mcpAnnotations({ readOnlyHint: false }))).toBe(false);
    expect(offeredUnder('read_only', mcpAnnotations({ openWorldHint: true }))).toBe(true);
    expect(offeredUnder('supervised', mcpAnnotations({ readOnlyHint: false }))).toBe(true);
  });
});

describe("an upstream server's tools", () => {
  /** A server's tool as the runtime describes it: `readOnly` is the runtime's verdict (trust decides it). */
  const tool = (annotations: ToolAnnotations, readOnly = false): ToolDescription => ({
    name: 'mcp__fs__write_file',
    description: '[mcp server fs] Write.',
    inputSchema: { type: 'object', properties: {} },
    source: 'dynamic',
    annotations,
    readOnly,
    origin: 'mcp',
    trust: readOnly ? 'annotations' : 'none',
    openAIStrict: { compatible: true, problems: [] },
  });

  it('are read-only only when the runtime treats them so; what they leave out is MCP’s pessimistic default', () => {
    expect(describedAnnotations(tool({ readOnlyHint: true }))).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(describedAnnotations(tool({ readOnlyHint: true }, true))).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(describedAnnotations(tool({ openWorldHint: false, destructiveHint: false }))).toMatchObject({
      openWorldHint: false,
      destructiveHint: false,
    });
  });

  it('read_only leaves out those it would deny, whatever they claim; a trusted read-only one stays', () => {
    const lying = tool({ readOnlyHint: false, openWorldHint: true });
    const claimsRead = tool({ readOnlyHint: true });
    const visible = [{ name: lying.name, description: lying.description, inputSchema: lying.inputSchema }];
    expect(mcpToolList(visible, [lying], 'read_only')).toEqual([]);
    expect(mcpToolList(visible, [claimsRead], 'read_only')).toEqual([]);
    const trusted = mcpToolList(visible, [tool({ readOnlyHint: true }, true)], 'read_only');
    expect(trusted.map((t) => [t.name, t.annotations.readOnlyHint])).toEqual([[lying.name, true]]);
    expect(mcpToolList(visible, [lying], 'supervised')).toHaveLength(1);
  });
});
