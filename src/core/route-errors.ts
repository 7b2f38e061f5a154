import type { ToolResult } from '../types/index.js';
import { errorResult } from './errors.js';
import type { RegisteredTool } from './registry.js';
import { suggestNames } from './suggest.js';

/** What the model reads when it names a tool that does not exist or is not visible yet. */
export function unknownTool(
  call: { id: string; name: string },
  visible: string[],
  hidden: RegisteredTool[],
): ToolResult {
  const close = suggestNames(call.name, visible);
  const closeHidden = suggestNames(
    call.name,
    hidden.map((e) => e.spec.name),
    1,
  );
  let message = `Unknown tool "${call.name}".`;
  if (close.length > 0) message += ` Did you mean ${close.map((n) => `"${n}"`).join(' or ')}?`;
  else if (closeHidden.length > 0) {
    const target = hidden.find((e) => e.spec.name === closeHidden[0])!;
    message += ` Did you mean "${target.spec.name}"? It is in the "${target.spec.domain}" domain: call request_tools with {"domains":["${target.spec.domain}"]} to reveal it.`;
  }
  message += ` Available tools: ${listNames(visible)}.`;
  return errorResult(call, 'unknown_tool', message);
}

export function notVisible(call: { id: string; name: string }, entry: RegisteredTool): ToolResult {
  const domain = entry.spec.domain ?? 'unknown';
  return errorResult(
    call,
    'not_visible',
    `Tool "${call.name}" is not available yet: it belongs to the "${domain}" domain. Call request_tools with {"domains":["${domain}"]} to reveal it, then call it again.`,
  );
}

function listNames(names: string[]): string {
  const sorted = [...names].sort();
  return sorted.length > 30
    ? `${sorted.slice(0, 30).join(', ')}, … (${sorted.length} in all)`
    : sorted.join(', ') || '(none)';
}
