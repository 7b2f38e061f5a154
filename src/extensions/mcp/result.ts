// A server's CallToolResult as a handrail result. Text stays text, images stay images; what handrail cannot
// carry (audio, binary resources) becomes a line saying what was left out; structured content goes in the
// details (and is the text when there is no other). Everything the server said is framed as untrusted data.
import { formatBytes, frameUntrusted, labelSafe, stripTerminalControls } from '../../output/index.js';
import type { ImageContent, TextContent, ToolContent, ToolReturn } from '../../types/index.js';

/** Which server and tool a result came from: kept in `details.mcp`. */
export interface McpOrigin {
  server: string;
  tool: string;
}

type Part = Record<string, unknown>;

/** Map a CallToolResult (as the SDK parsed it, or anything a server sent) onto a tool's return value. */
export function toolReturnFromMcp(result: unknown, origin: McpOrigin): ToolReturn {
  const value = isRecord(result) ? result : {};
  const parts = Array.isArray(value.content) ? value.content : [];
  const content: ToolContent[] = [];
  for (const part of parts) content.push(...contentFromPart(part));
  // Older servers answer with `toolResult` (the 2024-10 compatibility shape).
  if (parts.length === 0 && value.toolResult !== undefined) content.push(jsonText(value.toolResult));
  const structured = value.structuredContent;
  const hasText = content.some((part) => part.type === 'text');
  if (structured !== undefined && !hasText) content.push(jsonText(structured));
  if (content.length === 0) content.push(line('(no output)'));
  const details: Record<string, unknown> = { mcp: { server: origin.server, tool: origin.tool } };
  if (structured !== undefined) details.structuredContent = structured;
  if (isRecord(value._meta)) details.meta = value._meta;
  const framed = frameUntrusted(content, frameLabels(origin));
  if (value.isError === true) {
    return {
      content: framed,
      isError: true,
      details,
      outcome: {
        errorClass: 'tool_error',
        hint: `The MCP server "${origin.server}" reported an error; read it, correct the call and try again.`,
      },
    };
  }
  return { content: framed, details };
}

/** The labels of the untrusted frame around what a server's tool said (its result, or its error's words). */
export function frameLabels(origin: McpOrigin): { open: string; close: string } {
  // The tool's name is the server's word: shown only in a form that cannot break out of the label.
  return {
    open: `Output of MCP server ${origin.server}, tool ${labelSafe(origin.tool)}`,
    close: `output of MCP server ${origin.server}`,
  };
}

/** The most of a server's error message handrail quotes. */
export const MAX_SERVER_WORDS = 500;

/**
 * A server's own words outside a result (a JSON-RPC error's message) as handrail quotes them: one line, no
 * terminal controls, at most MAX_SERVER_WORDS characters, inside the same untrusted frame as its results.
 */
export function framedServerWords(words: string, origin: McpOrigin): string {
  const line = boundedLine(words, MAX_SERVER_WORDS) || '(no message)';
  const [framed] = frameUntrusted([{ type: 'text', text: line }], frameLabels(origin));
  return (framed as TextContent).text;
}

/** Text on one line (controls removed, whitespace and line breaks folded), cut to `max` characters. */
export function boundedLine(text: string, max: number): string {
  // Only the start is read: a server's message may be megabytes long.
  const flat = stripTerminalControls(text.slice(0, max * 4))
    .replace(/[\s\u0085]+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One content block as handrail content: itself, or a line that says what it was. */
export function contentFromPart(part: unknown): ToolContent[] {
  if (!isRecord(part)) return [jsonText(part)];
  switch (part.type) {
    case 'text':
      return [{ type: 'text', text: typeof part.text === 'string' ? part.text : String(part.text) }];
    case 'image':
      if (typeof part.data === 'string' && typeof part.mimeType === 'string') {
        return [{ type: 'image', data: part.data, mimeType: part.mimeType } satisfies ImageContent];
      }
      return [line(`[image omitted: the server sent it without data or type]`)];
    case 'audio':
      return [
        line(`[audio omitted: ${mimeOf(part)}, ${sizeOf(part.data)}; handrail results carry no audio]`),
      ];
    case 'resource_link':
      return [line(`[resource link: ${describeResource(part)}]`)];
    case 'resource':
      return embeddedResource(isRecord(part.resource) ? part.resource : {});
    default:
      return [jsonText(part)];
  }
}

/** An embedded resource: its text, an image when it is one, otherwise a line naming what was left out. */
function embeddedResource(resource: Part): ToolContent[] {
  const header = `[resource ${describeResource(resource)}]`;
  if (typeof resource.text === 'string') return [line(`${header}\n${resource.text}`)];
  const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : '';
  if (typeof resource.blob === 'string' && mimeType.startsWith('image/')) {
    return [line(header), { type: 'image', data: resource.blob, mimeType }];
  }
  return [line(`${header} binary content omitted (${sizeOf(resource.blob)})`)];
}

function describeResource(part: Part): string {
  const uri = typeof part.uri === 'string' ? part.uri : '(no uri)';
  const bits = [typeof part.name === 'string' && part.name !== uri ? `${part.name} <${uri}>` : uri];
  if (typeof part.mimeType === 'string') bits.push(`(${part.mimeType})`);
  if (typeof part.description === 'string' && part.description)
    bits.push(`— ${boundedLine(part.description, 200)}`);
  return bits.join(' ');
}

function mimeOf(part: Part): string {
  return typeof part.mimeType === 'string' ? part.mimeType : 'unknown type';
}

/** The decoded size of base64 data, in words. */
function sizeOf(data: unknown): string {
  if (typeof data !== 'string') return 'no data';
  return formatBytes(Math.floor((data.length * 3) / 4));
}

function line(text: string): TextContent {
  return { type: 'text', text };
}

function jsonText(value: unknown): TextContent {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return { type: 'text', text };
}

function isRecord(value: unknown): value is Part {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
