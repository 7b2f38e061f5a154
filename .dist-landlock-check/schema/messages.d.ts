import type { ErrorObject } from 'ajv';
/** One thing wrong with the arguments: a JSON pointer (`` for the root) and a full sentence naming it. */
export interface ValidationProblem {
    path: string;
    message: string;
}
/** Convert ajv errors (compiled with `verbose: true`) into deduplicated problems ordered by path. */
export declare function toProblems(errors: ReadonlyArray<ErrorObject>): ValidationProblem[];
/** The one-line error for a tool call: `Invalid arguments for read_file: /a ...; /b ....` */
export declare function formatValidationMessage(toolName: string, problems: ValidationProblem[]): string;
