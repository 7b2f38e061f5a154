import type { JsonSchema } from '../types/index.js';
export { openAIStrictReport } from './openai-strict.js';
/** Problems with a tool's input schema (empty when fine); each message starts with its schema path. */
export declare function lintToolSchema(schema: JsonSchema): string[];
