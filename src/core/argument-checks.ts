import { formatValidationMessage } from '../schema/index.js';
import type { ToolResult } from '../types/index.js';
import { errorResult } from './errors.js';
import { formatDuration, guardStage } from './guard.js';
import type { RegisteredTool } from './registry.js';

export interface CheckOptions {
  signals: ReadonlyArray<AbortSignal | undefined>;
  timeoutMs: number;
  /** Appended to the tool name in messages, e.g. "after a beforeToolCall hook". */
  when?: string;
}

/**
 * Validate decoded arguments: the compiled ajv validator first (every problem, with paths), then the
 * Standard Schema's own refinements, defaults and transforms when the tool was defined with zod & co.
 */
export async function checkArguments(
  entry: RegisteredTool,
  call: { id: string; name: string },
  args: Record<string, unknown>,
  opts: CheckOptions,
): Promise<{ args: Record<string, unknown> } | { error: ToolResult }> {
  const name = opts.when ? `${call.name} (${opts.when})` : call.name;
  if (!isPlainObject(args)) {
    const message = `Invalid arguments for ${name}: arguments must be a JSON object.`;
    return { error: errorResult(call, 'invalid_arguments', message) };
  }
  const problems = entry.validate(args);
  if (problems)
    return { error: errorResult(call, 'invalid_arguments', formatValidationMessage(name, problems)) };
  const standard = entry.spec.standardValidate;
  if (!standard) return { args };
  const outcome = await guardStage(() => standard(args), opts.signals, opts.timeoutMs);
  if (!outcome.ok) {
    // A validator that throws or hangs is a bug in the tool's schema, not a mistake the model can fix.
    const why =
      outcome.kind === 'error'
        ? `failed: ${(outcome.error as Error)?.message ?? String(outcome.error)}`
        : outcome.kind === 'timeout'
          ? `did not answer within ${formatDuration(opts.timeoutMs)}`
          : 'was cancelled';
    const errorClass = outcome.kind === 'cancelled' ? 'cancelled' : 'tool_error';
    return { error: errorResult(call, errorClass, `The input schema of ${name} ${why}.`) };
  }
  const checked = outcome.value;
  if (!checked.ok) {
    const message = `Invalid arguments for ${name}: ${checked.issues.join('; ')}.`;
    return { error: errorResult(call, 'invalid_arguments', message) };
  }
  return { args: isPlainObject(checked.value) ? checked.value : args };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
