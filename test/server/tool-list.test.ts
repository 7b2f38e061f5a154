// The tool list a client sees: MCP annotations spelled out, and which tools a profile offers.
import { describe, expect, it } from 'vitest';
import { mcpAnnotations, offeredUnder } from '../../src/server/tool-list.js';

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
