// JSON pointers and short value descriptions shared by validation messages and repair notes.
/** Escape one JSON pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapeSegment(key) {
    const s = String(key);
    return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}
/** Build a JSON pointer (`/a/0/b`) from the first `length` path keys; no keys is the root, ``. */
export function pointerOf(keys, length = keys.length) {
    let out = '';
    for (let i = 0; i < length; i++)
        out += `/${escapeSegment(keys[i])}`;
    return out;
}
/** Describe a value for a message: JSON for scalars cut to `max` chars, `object` / `array` for containers. */
export function describeValue(value, max = 40) {
    if (value === undefined)
        return 'nothing';
    if (Array.isArray(value))
        return 'array';
    if (value !== null && typeof value === 'object')
        return 'object';
    let text;
    try {
        text = JSON.stringify(value) ?? String(value);
    }
    catch {
        text = String(value);
    }
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
/** The JSON type name of a value: `null`, `array`, `object`, `string`, `number`, `boolean`, ... */
export function jsonTypeOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    return typeof value;
}
//# sourceMappingURL=pointer.js.map