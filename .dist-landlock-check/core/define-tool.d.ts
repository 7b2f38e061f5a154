import type { CapabilitiesOf, CapabilityProvider, ToolContext, ToolReturn, ToolSpec } from '../types/index.js';
/** Tool names providers accept (OpenAI, Anthropic, Gemini all take this set). */
export declare const TOOL_NAME_PATTERN: RegExp;
/** The argument type a schema describes: zod / Standard Schema output, TypeBox `static`, else a record. */
export type InferArgs<S> = S extends {
    '~standard': {
        types?: infer T;
    };
} ? NonNullable<T> extends {
    output: infer O;
} ? O : Record<string, unknown> : S extends {
    static: infer T;
} ? T : Record<string, any>;
/** The capabilities a tool may declare. */
export type DeclaredCapabilities = readonly CapabilityProvider[] | undefined;
/**
 * What a user writes: a ToolSpec whose inputSchema may be JSON Schema, zod v4, TypeBox or Standard Schema.
 * `execute` sees `ctx.capabilities` typed by what `capabilities` declares.
 */
export type ToolDefinition<S, TArgs, P extends DeclaredCapabilities = undefined> = Omit<ToolSpec<TArgs>, 'inputSchema' | 'execute' | 'standardValidate' | 'capabilities'> & {
    inputSchema: S;
    capabilities?: P;
    execute(args: TArgs, ctx: ToolContext<CapabilitiesOf<P>>): ToolReturn | Promise<ToolReturn>;
};
/** Any definition, whatever it declares: what registration accepts. */
export type AnyToolDefinition = ToolDefinition<unknown, unknown, DeclaredCapabilities>;
/**
 * Define a tool. The schema is converted to JSON Schema once, here; zod / Standard Schema validators are
 * kept so refinements, defaults and transforms still apply after ajv has checked the shape.
 */
export declare function defineTool<S, const P extends DeclaredCapabilities = undefined>(definition: ToolDefinition<S, InferArgs<S>, P>): ToolSpec<InferArgs<S>>;
/** Accept either a defineTool result or a raw spec (JSON Schema / zod / TypeBox) and normalize it. */
export declare function normalizeToolSpec(tool: ToolSpec | AnyToolDefinition): ToolSpec;
