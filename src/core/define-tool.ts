import { type StandardValidate, toJsonSchema } from '../schema/index.js';
import type {
  CapabilitiesOf,
  CapabilityProvider,
  ToolContext,
  ToolReturn,
  ToolSpec,
} from '../types/index.js';
import { ToolRegistrationError } from './errors.js';

/** Tool names providers accept (OpenAI, Anthropic, Gemini all take this set). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The argument type a schema describes: zod / Standard Schema output, TypeBox `static`, else a record. */
export type InferArgs<S> = S extends { '~standard': { types?: infer T } }
  ? NonNullable<T> extends { output: infer O }
    ? O
    : Record<string, unknown>
  : S extends { static: infer T }
    ? T
    : // biome-ignore lint/suspicious/noExplicitAny: a plain JSON Schema carries no static type
      Record<string, any>;

/** The capabilities a tool may declare. */
export type DeclaredCapabilities = readonly CapabilityProvider[] | undefined;

/**
 * What a user writes: a ToolSpec whose inputSchema may be JSON Schema, zod v4, TypeBox or Standard Schema.
 * `execute` sees `ctx.capabilities` typed by what `capabilities` declares.
 */
export type ToolDefinition<S, TArgs, P extends DeclaredCapabilities = undefined> = Omit<
  ToolSpec<TArgs>,
  'inputSchema' | 'execute' | 'standardValidate' | 'capabilities'
> & {
  inputSchema: S;
  capabilities?: P;
  execute(args: TArgs, ctx: ToolContext<CapabilitiesOf<P>>): ToolReturn | Promise<ToolReturn>;
};

/** Any definition, whatever it declares: what registration accepts. */
export type AnyToolDefinition = ToolDefinition<unknown, unknown, DeclaredCapabilities>;

/** Symbol marking specs that went through defineTool, so registration does not convert twice. */
const DEFINED = Symbol.for('handrail.defined');

/**
 * Define a tool. The schema is converted to JSON Schema once, here; zod / Standard Schema validators are
 * kept so refinements, defaults and transforms still apply after ajv has checked the shape.
 */
export function defineTool<S, const P extends DeclaredCapabilities = undefined>(
  definition: ToolDefinition<S, InferArgs<S>, P>,
): ToolSpec<InferArgs<S>> {
  type TArgs = InferArgs<S>;
  if (!definition || typeof definition !== 'object') {
    throw new ToolRegistrationError(String(definition), ['a tool definition must be an object']);
  }
  const name = String(definition.name);
  const problems: string[] = [];
  if (!TOOL_NAME_PATTERN.test(name)) problems.push(`name must match ${TOOL_NAME_PATTERN} (got "${name}")`);
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    problems.push('description must be a non-empty string');
  }
  if (typeof definition.execute !== 'function') problems.push('execute must be a function');
  if (definition.inputSchema === undefined || definition.inputSchema === null) {
    problems.push('inputSchema is required (use { type: "object", properties: {} } for no arguments)');
  }
  if (problems.length > 0) throw new ToolRegistrationError(name, problems);

  if ((definition as unknown as Record<symbol, unknown>)[DEFINED])
    return definition as unknown as ToolSpec<TArgs>;

  let converted: { schema: Record<string, unknown>; standardValidate?: StandardValidate };
  try {
    converted = toJsonSchema(definition.inputSchema);
  } catch (error) {
    throw new ToolRegistrationError(name, [(error as Error).message]);
  }
  const spec = { ...definition, inputSchema: converted.schema } as unknown as ToolSpec<TArgs>;
  if (converted.standardValidate) spec.standardValidate = converted.standardValidate;
  Object.defineProperty(spec, DEFINED, { value: true, enumerable: false });
  return spec;
}

/** Accept either a defineTool result or a raw spec (JSON Schema / zod / TypeBox) and normalize it. */
export function normalizeToolSpec(tool: ToolSpec | AnyToolDefinition): ToolSpec {
  return defineTool(tool as ToolDefinition<unknown, Record<string, unknown>>) as ToolSpec;
}
