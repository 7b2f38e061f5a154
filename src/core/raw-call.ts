import type { ToolCall } from '../types/index.js';

/** Read a raw call defensively: providers and adapters hand over all sorts of shapes. */
export function normalizeCall(
  raw: unknown,
  nextId: () => string,
): { call: { id: string; name: string }; problem?: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      call: { id: nextId(), name: '' },
      problem: `The tool call is not an object (got ${describe(raw)}).`,
    };
  }
  let rawId: unknown;
  let rawName: unknown;
  try {
    rawId = (raw as ToolCall).id;
    rawName = (raw as ToolCall).name;
  } catch {
    return { call: { id: nextId(), name: '' }, problem: 'The tool call could not be read.' };
  }
  const id =
    typeof rawId === 'string' && rawId !== '' ? rawId : typeof rawId === 'number' ? String(rawId) : nextId();
  if (typeof rawName !== 'string' || rawName === '') {
    return {
      call: { id, name: '' },
      problem: `The tool call has no tool name (got ${describe(rawName)}); name one of the available tools.`,
    };
  }
  return { call: { id, name: rawName } };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'string';
  return typeof value;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  try {
    return typeof error === 'string' ? error : String(error);
  } catch {
    return 'unknown error';
  }
}
