// JSON with keys sorted at every level: the same value written in any key order has one text, so hashes
// of arguments (approval request keys, payload hashes) and cache keys of schemas agree.
/** Canonical JSON text; `undefined` and function members are left out, as JSON.stringify leaves them. */
export function canonicalJson(value) {
    if (value === null || typeof value !== 'object')
        return JSON.stringify(value) ?? 'null';
    if (Array.isArray(value))
        return `[${value.map(canonicalJson).join(',')}]`;
    const keys = Object.keys(value).sort();
    let out = '{';
    for (const key of keys) {
        const v = value[key];
        if (v === undefined || typeof v === 'function')
            continue;
        if (out.length > 1)
            out += ',';
        out += `${JSON.stringify(key)}:${canonicalJson(v)}`;
    }
    return `${out}}`;
}
//# sourceMappingURL=canonical-json.js.map