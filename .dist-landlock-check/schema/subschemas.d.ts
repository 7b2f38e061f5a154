declare const MAPS: readonly ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
declare const LISTS: readonly ["anyOf", "oneOf", "allOf", "prefixItems"];
declare const SINGLES: readonly ["additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames", "not", "if", "then", "else"];
/** The keyword a subschema hangs from, e.g. `properties` or `items`. */
export type SubschemaKeyword = (typeof MAPS)[number] | (typeof LISTS)[number] | (typeof SINGLES)[number] | 'items';
/** Call `visit` for every direct subschema of `node`, with its schema path (`/properties/edits`). */
export declare function forEachSubschema(node: Record<string, unknown>, path: string, visit: (child: unknown, childPath: string, keyword: SubschemaKeyword) => void): void;
/** The type names a schema node declares (`type: "x"` or `type: [...]`), or none. */
export declare function declaredTypes(node: Record<string, unknown>): string[];
export {};
