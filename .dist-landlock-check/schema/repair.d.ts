import type { JsonSchema } from '../types/index.js';
import type { Repair } from './decode.js';
/** Repair known model quirks guided by the schema; returns the same object and `[]` when nothing changed. */
export declare function repairArguments(value: Record<string, unknown>, schema: JsonSchema): {
    value: Record<string, unknown>;
    repairs: Repair[];
};
