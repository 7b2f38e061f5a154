import type { ToolContent, ToolOutcome, ToolResult, ToolReturn, ToolUpdate } from '../types/index.js';
import { outcomeFor } from './errors.js';

const NO_OUTPUT = '(no output)';

/** Turn whatever a tool returned into a ToolResult (before hooks and projection). */
export function resultFromReturn(
  call: { id: string; name: string },
  value: ToolReturn | unknown,
): ToolResult {
  if (typeof value === 'string' || Array.isArray(value)) {
    return {
      callId: call.id,
      name: call.name,
      isError: false,
      content: toContent(value),
      outcome: { status: 'ok' },
    };
  }
  if (value && typeof value === 'object' && 'content' in value) {
    const ret = value as Exclude<ToolReturn, string | ToolContent[]>;
    const isError = ret.isError === true;
    const result: ToolResult = {
      callId: call.id,
      name: call.name,
      isError,
      content: toContent(ret.content),
      outcome: outcomeOf(isError, ret.outcome),
    };
    if (ret.details !== undefined) result.details = ret.details;
    if (ret.terminate) result.terminate = true;
    return result;
  }
  // undefined, numbers, plain objects: say what came back rather than dropping it.
  const text = value === undefined || value === null ? NO_OUTPUT : safeJson(value);
  return {
    callId: call.id,
    name: call.name,
    isError: false,
    content: toContent(text),
    outcome: { status: 'ok' },
  };
}

/** The outcome of a result whose isError flag is known, keeping what the tool said about it. */
export function outcomeOf(isError: boolean, given?: Partial<ToolOutcome>): ToolOutcome {
  if (!isError) {
    const outcome: ToolOutcome = { status: given?.status === 'partial' ? 'partial' : 'ok' };
    if (typeof given?.hint === 'string' && given.hint) outcome.hint = given.hint;
    return outcome;
  }
  return outcomeFor(given?.errorClass ?? 'tool_error', given);
}

/** Normalize content: strings become a text part, malformed parts are rendered as text, never dropped. */
export function toContent(value: unknown): ToolContent[] {
  if (typeof value === 'string') return [{ type: 'text', text: value === '' ? NO_OUTPUT : value }];
  if (!Array.isArray(value)) return [{ type: 'text', text: safeJson(value) }];
  const parts: ToolContent[] = [];
  for (const part of value) {
    if (part && typeof part === 'object') {
      const p = part as Record<string, unknown>;
      if (p.type === 'text' && typeof p.text === 'string') {
        parts.push(p as ToolContent);
        continue;
      }
      if (p.type === 'image' && typeof p.data === 'string' && typeof p.mimeType === 'string') {
        parts.push(p as ToolContent);
        continue;
      }
    }
    parts.push({ type: 'text', text: typeof part === 'string' ? part : safeJson(part) });
  }
  if (parts.length === 0) parts.push({ type: 'text', text: NO_OUTPUT });
  return parts;
}

/** A progress update as events and callers receive it. */
export function normalizeUpdate(update: ToolUpdate): {
  content?: ToolContent[];
  details?: Record<string, unknown>;
} {
  if (typeof update === 'string') return { content: [{ type: 'text', text: update }] };
  const out: { content?: ToolContent[]; details?: Record<string, unknown> } = {};
  if (update && typeof update === 'object') {
    if (update.content !== undefined) out.content = toContent(update.content);
    if (update.details !== undefined) out.details = update.details;
  }
  return out;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
