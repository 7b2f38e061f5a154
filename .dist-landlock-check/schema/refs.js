// Local `$ref` resolution (`#`, `#/$defs/...`, `#/definitions/...`), cached per root schema.
const cache = new WeakMap();
const MAX_HOPS = 16;
/** Resolve a local JSON pointer `$ref` against its root schema; `undefined` when it does not resolve. */
export function resolveRef(root, ref) {
    let byRef = cache.get(root);
    if (!byRef) {
        byRef = new Map();
        cache.set(root, byRef);
    }
    if (byRef.has(ref))
        return byRef.get(ref);
    const target = walkPointer(root, ref);
    byRef.set(ref, target);
    return target;
}
/** Follow `$ref` chains until a schema that describes the value itself (has no `$ref`, or has its own type). */
export function derefSchema(schema, root) {
    let s = schema;
    for (let hops = 0; hops < MAX_HOPS; hops++) {
        if (!isObject(s))
            return s;
        const ref = s.$ref;
        if (typeof ref !== 'string' || 'type' in s || 'properties' in s || 'items' in s)
            return s;
        const target = resolveRef(root, ref);
        if (target === undefined)
            return s;
        s = target;
    }
    return s;
}
/** A JSON Schema object (not a boolean schema, array or null). */
export function isObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
function walkPointer(root, ref) {
    if (!ref.startsWith('#'))
        return undefined;
    if (ref === '#' || ref === '#/')
        return root;
    if (!ref.startsWith('#/'))
        return undefined;
    let node = root;
    for (const raw of ref.slice(2).split('/')) {
        let key;
        try {
            key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        }
        catch {
            return undefined;
        }
        if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key))
            return undefined;
        node = node[key];
    }
    return node;
}
//# sourceMappingURL=refs.js.map