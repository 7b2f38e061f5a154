import type { JsonSchema } from '../types/index.js';
/** Check a tool schema against OpenAI strict-mode rules; `compatible` is true when nothing was found. */
export declare function openAIStrictReport(schema: JsonSchema): {
    compatible: boolean;
    problems: string[];
};
