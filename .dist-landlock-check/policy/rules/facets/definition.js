/** A specifier a facet cannot read; the compiler reports it with the rule's JSON path. */
export class PatternError extends Error {
}
/** Characters that never reach an allow rule: control characters (but tab and newline) and invisible formatting. */
export const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}]/u;
//# sourceMappingURL=definition.js.map