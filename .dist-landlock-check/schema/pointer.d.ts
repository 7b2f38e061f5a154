/** Escape one JSON pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`). */
export declare function escapeSegment(key: PropertyKey): string;
/** Build a JSON pointer (`/a/0/b`) from the first `length` path keys; no keys is the root, ``. */
export declare function pointerOf(keys: ReadonlyArray<PropertyKey>, length?: number): string;
/** Describe a value for a message: JSON for scalars cut to `max` chars, `object` / `array` for containers. */
export declare function describeValue(value: unknown, max?: number): string;
/** The JSON type name of a value: `null`, `array`, `object`, `string`, `number`, `boolean`, ... */
export declare function jsonTypeOf(value: unknown): string;
