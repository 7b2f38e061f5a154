// The tool list a client sees: the turn's visible tools with every MCP annotation spelled out. MCP's defaults
// are the pessimistic ones (not read-only, destructive, not idempotent, open world); handrail's tools say what
// they are, so each hint is sent explicitly rather than left to a default that may be untrue.
import type { ToolDescription, VisibleTool } from '../core/index.js';
import type { PermissionMode } from '../policy/index.js';
import type { JsonSchema, ToolAnnotations, ToolTrust } from '../types/index.js';

export interface McpToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: McpToolAnnotations;
}

/** Truthful hints: a read-only tool is never destructive; a tool that names no outside world is closed. */
export function mcpAnnotations(annotations: ToolAnnotations = {}): McpToolAnnotations {
  const readOnly = annotations.readOnlyHint === true;
  return {
    ...(annotations.title ? { title: annotations.title } : {}),
    readOnlyHint: readOnly,
    destructiveHint: readOnly ? false : annotations.destructiveHint !== false,
    idempotentHint: annotations.idempotentHint === true,
    openWorldHint: annotations.openWorldHint === true,
  };
}

/**
 * Whether a tool is worth showing under a mode. read_only denies every file write whatever the rules say (the
 * mode is a ceiling), so closed-world mutating tools (write_file, edit_file, apply_patch) are left out rather
 * than shown as stubs. Commands stay: read_only still runs known read-only commands.
 */
export function offeredUnder(mode: PermissionMode, annotations: McpToolAnnotations): boolean {
  if (mode !== 'read_only') return true;
  return annotations.readOnlyHint || annotations.openWorldHint;
}

/**
 * The hints of a tool from outside (an upstream MCP server's), as handrail will treat its calls: read-only
 * only when its source is trusted and it says so; otherwise MCP's pessimistic defaults for what it leaves out.
 */
export function dynamicAnnotations(
  annotations: ToolAnnotations = {},
  trust: ToolTrust = 'none',
): McpToolAnnotations {
  const readOnly = trust === 'annotations' && annotations.readOnlyHint === true;
  return {
    ...(annotations.title ? { title: annotations.title } : {}),
    readOnlyHint: readOnly,
    destructiveHint: readOnly ? false : annotations.destructiveHint !== false,
    idempotentHint: annotations.idempotentHint === true,
    openWorldHint: annotations.openWorldHint !== false,
  };
}

/** The hints a described tool is listed with: its own, or for a dynamic tool what handrail believes of them. */
export function describedAnnotations(
  tool: Pick<ToolDescription, 'name' | 'annotations' | 'source'>,
  trust?: (name: string) => ToolTrust | undefined,
): McpToolAnnotations {
  return tool.source === 'dynamic'
    ? dynamicAnnotations(tool.annotations, trust?.(tool.name))
    : mcpAnnotations(tool.annotations);
}

/**
 * The MCP tool list for a turn's visible tools. `trust` says whose read-only hints count among the dynamic
 * tools (the upstream servers' configuration); without it, none do. Under read_only a dynamic tool is
 * offered only when read-only: every other call of it would be denied.
 */
export function mcpToolList(
  visible: VisibleTool[],
  described: ToolDescription[],
  mode: PermissionMode,
  opts: { trust?: (name: string) => ToolTrust | undefined } = {},
): McpTool[] {
  const byName = new Map(described.map((d) => [d.name, d]));
  const tools: McpTool[] = [];
  for (const tool of visible) {
    const description = byName.get(tool.name);
    const dynamic = description?.source === 'dynamic';
    const annotations = description
      ? describedAnnotations(description, opts.trust)
      : mcpAnnotations(undefined);
    if (dynamic ? mode === 'read_only' && !annotations.readOnlyHint : !offeredUnder(mode, annotations))
      continue;
    tools.push({
      name: tool.name,
      ...(annotations.title ? { title: annotations.title } : {}),
      description: tool.description,
      inputSchema: objectSchema(tool.inputSchema),
      annotations,
    });
  }
  return tools;
}

/** MCP requires an object schema at the top; handrail's provider schemas already are, this makes it certain. */
function objectSchema(schema: JsonSchema): JsonSchema & { type: 'object' } {
  return { ...schema, type: 'object' };
}
