/** Resolve a local JSON pointer `$ref` against its root schema; `undefined` when it does not resolve. */
export declare function resolveRef(root: object, ref: string): unknown;
/** Follow `$ref` chains until a schema that describes the value itself (has no `$ref`, or has its own type). */
export declare function derefSchema(schema: unknown, root: object): unknown;
/** A JSON Schema object (not a boolean schema, array or null). */
export declare function isObject(value: unknown): value is Record<string, unknown>;
