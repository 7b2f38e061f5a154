import type { JsonSchema } from '../types/index.js';
/** A schema that cannot be used: wrong kind of value, uncompilable, or missing its JSON Schema form. */
export declare class SchemaError extends Error {
    name: string;
}
/** The result of a Standard Schema validator, reduced to what the pipeline needs. */
export type StandardOutcome = {
    ok: true;
    value: unknown;
} | {
    ok: false;
    issues: string[];
};
/** A library validator (zod refinements, defaults, transforms) run after ajv. */
export type StandardValidate = (value: unknown) => StandardOutcome | Promise<StandardOutcome>;
/** Convert a JSON Schema, TypeBox, zod v4 or Standard Schema input into a plain JSON Schema object. */
export declare function toJsonSchema(input: unknown): {
    schema: JsonSchema;
    standardValidate?: StandardValidate;
};
/** A deep copy without the top-level `$schema` key, which several providers reject in tool parameters. */
export declare function forProvider(schema: JsonSchema): JsonSchema;
