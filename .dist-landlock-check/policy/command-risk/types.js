// Shared shapes of the command classifier.
const RANK = { safe: 0, unknown: 1, dangerous: 2 };
export function worse(a, b) {
    return RANK[a] >= RANK[b] ? a : b;
}
export function rank(risk) {
    return RANK[risk];
}
export function unknown(reason) {
    return { risk: 'unknown', reason };
}
/** A finding about the line's shape, which keeps `commands` from being the whole story. */
export function structural(verdict) {
    return { ...verdict, structural: true };
}
export function dangerous(reason) {
    return { risk: 'dangerous', reason };
}
/** A static word, for argv built by the classifier itself (unwrapped `env -S`, tests). */
export function staticArg(value) {
    return { value, raw: value, leadingGlob: false };
}
/** What a flag-aware rule sees: the value, or null when it could be anything (a flag included). */
export function opaque(arg) {
    return arg.value === null || arg.leadingGlob;
}
/** The word's exact text is known before it runs: no expansion and no glob. */
export function literal(arg) {
    return arg.value !== null && arg.glob !== true;
}
export function shown(arg) {
    return arg.value ?? arg.raw;
}
//# sourceMappingURL=types.js.map