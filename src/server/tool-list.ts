// The tool list a client sees: the turn's visible tools with every MCP annotation spelled out. MCP's defaults
// are the pessimistic ones (not read-only, destructive, not idempotent, open world); handrail's tools say what
// they are, so each hint is sent explicitly rather than left to a default that may be untrue.
import type { ToolDescription, VisibleTool } from '../core/index.js';
import type { PermissionMode } from '../policy/index.js';
import type { JsonSchema, ToolAnnotations } from '../types/index.js';

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

/**
 * Truthful hints for a described tool. Read-only is the runtime's word (a dynamic tool's own claim counts only
 * when its source is trusted), and a read-only tool is never destructive. A tool from outside that leaves a
 * hint out gets MCP's pessimistic default (open world); handrail's own tools name the worlds they reach.
 */
export function describedAnnotations(
  tool: Pick<ToolDescription, 'annotations' | 'source' | 'readOnly'>,
): McpToolAnnotations {
  const annotations = tool.annotations ?? {};
  return {
    ...(annotations.title ? { title: annotations.title } : {}),
    readOnlyHint: tool.readOnly,
    destructiveHint: tool.readOnly ? false : annotations.destructiveHint !== false,
    idempotentHint: annotations.idempotentHint === true,
    openWorldHint:
      tool.source === 'dynamic' ? annotations.openWorldHint !== false : annotations.openWorldHint === true,
  };
}

/** The hints of one of handrail's own tools, from its annotations. */
export function mcpAnnotations(annotations: ToolAnnotations = {}): McpToolAnnotations {
  return describedAnnotations({
    annotations,
    source: 'builtin',
    readOnly: annotations.readOnlyHint === true,
  });
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
 * The MCP tool list for a turn's visible tools. Under read_only a dynamic tool is offered only when the runtime
 * treats it as read-only: every other call of it would be denied.
 */
export function mcpToolList(
  visible: VisibleTool[],
  described: ToolDescription[],
  mode: PermissionMode,
): McpTool[] {
  const byName = new Map(described.map((d) => [d.name, d]));
  const tools: McpTool[] = [];
  for (const tool of visible) {
    const description = byName.get(tool.name);
    const annotations = description ? describedAnnotations(description) : mcpAnnotations(undefined);
    const offered =
      description?.source === 'dynamic'
        ? mode !== 'read_only' || annotations.readOnlyHint
        : offeredUnder(mode, annotations);
    if (!offered) continue;
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
