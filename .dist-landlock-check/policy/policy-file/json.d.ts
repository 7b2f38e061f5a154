import type { PolicyProblem } from './errors.js';
/** Parse JSON, or return where and why it is not JSON. */
export declare function parseJson(text: string): {
    ok: true;
    value: unknown;
} | {
    ok: false;
    problem: PolicyProblem;
};
/** Schema problems of a parsed policy, in document order; empty when valid. */
export declare function schemaProblems(value: unknown): PolicyProblem[];
/** `/rules/2/decision` → `rules[2].decision`. */
export declare function jsonPath(pointer: string): string;
