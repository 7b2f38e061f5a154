// The TypeScript type of a configuration, derived from the schema object itself: a key added to the schema
// is a key of the type, and nothing else can be. Only the schema forms CONFIG_SCHEMA uses are mapped.
import type { CONFIG_SCHEMA } from './schema.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ObjectOf<P, Required> = Simplify<
  { -readonly [K in keyof P as K extends Required ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends Required ? never : K]?: FromSchema<P[K]>;
  }
>;

/** The values a (const) JSON Schema accepts, as a type. */
export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { oneOf: readonly (infer Branch)[] }
      ? FromSchema<Branch>
      : S extends { type: 'object'; properties: infer P }
        ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never>
        : S extends { type: 'object'; additionalProperties: infer V extends object }
          ? Record<string, FromSchema<V>>
          : S extends { type: 'array'; items: infer I }
            ? FromSchema<I>[]
            : S extends { type: 'string' }
              ? string
              : S extends { type: 'integer' | 'number' }
                ? number
                : S extends { type: 'boolean' }
                  ? boolean
                  : never;

/** A configuration file's content (every key optional). */
export type HandrailConfig = FromSchema<typeof CONFIG_SCHEMA>;
