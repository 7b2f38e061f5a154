// A server's tool as a handrail ToolSpec: its schema made a usable object schema (the registry then lints it
// like any other), its description marked as the server's and bounded, its annotations copied (the runtime
// believes them only when the server is trusted), its calls handed to the server's connection.
import { labelSafe, stripTerminalControls } from '../../output/index.js';
import type { JsonSchema, ToolAnnotations, ToolContext, ToolReturn, ToolSpec } from '../../types/index.js';

/** Longest description a server's tool gets (the model reads every visible one on every round). */
export const MAX_DESCRIPTION = 2000;

/** A tool as a server lists it (the fields handrail reads). */
export interface McpListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: Record<string, unknown>;
  execution?: { taskSupport?: string };
}

/** What a spec needs of its server: who it is, and how to run a call there. */
export interface McpToolSource {
  server: string;
  lazy: boolean;
  /** The longest a call may take in all (progress extends the server's own timeout up to this). */
  maxCallMs: number;
  call(tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolReturn>;
}

/**
 * Extra time the pipeline's own timeout leaves the call, so the server's timeout answers first (a call may
 * first wait up to 10 s for a restarting server).
 */
const PIPELINE_GRACE_MS = 15_000;

/** Why a listed tool cannot be offered at all, before its schema is tried; undefined when it can. */
export function unsupportedReason(tool: McpListedTool): string | undefined {
  if (tool.execution?.taskSupport === 'required') {
    return 'it runs only as an MCP task, which handrail does not support';
  }
  return undefined;
}

/** The ToolSpec for one of a server's tools, under its handrail name. */
export function mcpToolSpec(tool: McpListedTool, name: string, source: McpToolSource): ToolSpec {
  const spec: ToolSpec = {
    name,
    description: describe(tool, source.server),
    inputSchema: objectSchema(tool.inputSchema),
    timeoutMs: source.maxCallMs + PIPELINE_GRACE_MS,
    execute: (args, ctx) => source.call(tool.name, args, ctx),
  };
  const annotations = copyAnnotations(tool);
  if (annotations) spec.annotations = annotations;
  if (source.lazy) spec.domain = `mcp:${source.server}`;
  return spec;
}

/** The server's description, marked as the server's words and bounded. */
export function describe(tool: McpListedTool, server: string): string {
  const own = typeof tool.description === 'string' ? tool.description.trim() : '';
  const title = typeof tool.title === 'string' ? tool.title.trim() : '';
  const text = own || title || `The tool "${labelSafe(tool.name)}" (the server gives no description).`;
  // The server's words, without terminal escapes: the model reads them as they are.
  const marked = `[mcp server ${server}] ${stripTerminalControls(text)}`;
  return marked.length > MAX_DESCRIPTION ? `${marked.slice(0, MAX_DESCRIPTION - 1)}…` : marked;
}

/**
 * An input schema the registry can take: MCP requires `type: "object"`, but servers omit it (or
 * `properties`) often enough. Anything else is passed as it is for the registry to lint and refuse.
 */
export function objectSchema(schema: unknown): JsonSchema {
  if (schema === undefined || schema === null) return { type: 'object', properties: {} };
  if (typeof schema !== 'object' || Array.isArray(schema)) return schema as JsonSchema;
  const repaired: JsonSchema = { ...(schema as JsonSchema) };
  if (repaired.type === undefined) repaired.type = 'object';
  if (repaired.type === 'object' && repaired.properties === undefined) repaired.properties = {};
  return repaired;
}

/** The hints a server gave (booleans only) and its title; the runtime decides what they are worth. */
function copyAnnotations(tool: McpListedTool): ToolAnnotations | undefined {
  const given = tool.annotations ?? {};
  const out: ToolAnnotations = {};
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof given[key] === 'boolean') out[key] = given[key];
  }
  const title = typeof tool.title === 'string' ? tool.title : given.title;
  if (typeof title === 'string' && title.trim()) out.title = title.trim().slice(0, 200);
  return Object.keys(out).length > 0 ? out : undefined;
}
