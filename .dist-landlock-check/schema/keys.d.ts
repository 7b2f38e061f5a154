/** Where a forbidden key sits in a decoded value. `path` is the JSON pointer of the object holding it. */
export interface ForbiddenKey {
    key: '__proto__' | 'prototype';
    path: string;
}
/** Find an own `__proto__` key anywhere, or `prototype` under a `constructor` key; walks in place, no copies. */
export declare function findForbiddenKey(value: unknown): ForbiddenKey | null;
