import type { JsonSchema } from '../types/index.js';
import { type ValidationProblem } from './messages.js';
/** Check a value against a compiled schema: `null` when valid, else the problems in path order. */
export type Validator = (value: unknown) => ValidationProblem[] | null;
/** Compile a JSON Schema into a validator, cached by object identity and by canonical JSON text. */
export declare function compileValidator(schema: JsonSchema): Validator;
