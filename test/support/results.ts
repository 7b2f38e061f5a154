// What a model reads in a tool result.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolResult } from '../../src/index.js';

/** A result as the MCP SDK client returns it from callTool. */
type McpToolResult = Awaited<ReturnType<Client['callTool']>>;

/**
 * The text of a result, from the runtime or over MCP: its text parts joined by newlines, an image as
 * `[image <type>]`.
 */
export function text(result: ToolResult | McpToolResult): string {
  const content = ('content' in result ? result.content : []) as ReadonlyArray<{
    type: string;
    text?: string;
    mimeType?: string;
  }>;
  return content.map((part) => (part.type === 'text' ? part.text : `[image ${part.mimeType}]`)).join('\n');
}
