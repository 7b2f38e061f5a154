/** Canonical JSON text; `undefined` and function members are left out, as JSON.stringify leaves them. */
export declare function canonicalJson(value: unknown): string;
