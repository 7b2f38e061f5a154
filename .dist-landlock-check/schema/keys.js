// Prototype-pollution guard: keys that must never reach code that copies or merges arguments.
import { pointerOf } from './pointer.js';
/** Find an own `__proto__` key anywhere, or `prototype` under a `constructor` key; walks in place, no copies. */
export function findForbiddenKey(value) {
    if (value === null || typeof value !== 'object')
        return null;
    depth = 0;
    return scan(value, false);
}
// One shared path stack, overwritten in place: the scan is synchronous and should not allocate.
const STACK = [];
let depth = 0;
function scan(obj, underConstructor) {
    if (Array.isArray(obj)) {
        for (let i = 0; i < obj.length; i++) {
            const v = obj[i];
            if (v === null || typeof v !== 'object')
                continue;
            STACK[depth++] = i;
            const found = scan(v, false);
            depth--;
            if (found)
                return found;
        }
        return null;
    }
    // hasOwn also sees a non-enumerable `__proto__` made with Object.defineProperty.
    if (Object.hasOwn(obj, '__proto__'))
        return { key: '__proto__', path: pointerOf(STACK, depth) };
    if (underConstructor && Object.hasOwn(obj, 'prototype'))
        return { key: 'prototype', path: pointerOf(STACK, depth) };
    for (const key in obj) {
        if (!Object.hasOwn(obj, key))
            continue;
        const v = obj[key];
        if (v === null || typeof v !== 'object')
            continue;
        STACK[depth++] = key;
        const found = scan(v, key === 'constructor');
        depth--;
        if (found)
            return found;
    }
    return null;
}
//# sourceMappingURL=keys.js.map