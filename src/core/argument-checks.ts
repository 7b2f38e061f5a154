import { formatValidationMessage } from '../schema/index.js';
import type { ToolResult } from '../types/index.js';
import { errorResult } from './errors.js';
import type { RegisteredTool } from './registry.js';

/**
 * Validate decoded arguments: the compiled ajv validator first (every problem, with paths), then the
 * Standard Schema's own refinements, defaults and transforms when the tool was defined with zod & co.
 */
export async function checkArguments(
  entry: RegisteredTool,
  call: { id: string; name: string },
  args: Record<string, unknown>,
  when?: string,
): Promise<{ args: Record<string, unknown> } | { error: ToolResult }> {
  const name = when ? `${call.name} (${when})` : call.name;
  if (!isPlainObject(args)) {
    return {
      error: errorResult(
        call,
        'invalid_arguments',
        `Invalid arguments for ${name}: arguments must be a JSON object.`,
      ),
    };
  }
  const problems = entry.validate(args);
  if (problems)
    return { error: errorResult(call, 'invalid_arguments', formatValidationMessage(name, problems)) };
  const standard = entry.spec.standardValidate;
  if (!standard) return { args };
  let outcome: Awaited<ReturnType<typeof standard>>;
  try {
    outcome = await standard(args);
  } catch (error) {
    // A validator that throws is a bug in the tool's schema, not a mistake the model can fix.
    return {
      error: errorResult(
        call,
        'tool_error',
        `The input schema of ${name} failed while checking the arguments: ${(error as Error)?.message ?? error}`,
      ),
    };
  }
  if (!outcome.ok) {
    const message = `Invalid arguments for ${name}: ${outcome.issues.join('; ')}.`;
    return { error: errorResult(call, 'invalid_arguments', message) };
  }
  return { args: isPlainObject(outcome.value) ? outcome.value : args };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
