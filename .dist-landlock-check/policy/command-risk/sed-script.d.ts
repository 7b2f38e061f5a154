/** Why the script is not read-only, or null when it only reads and prints. */
export declare function sedScriptProblem(script: string): string | null;
