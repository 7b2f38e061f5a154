/** handrail's version, from its package.json (the same relative path from src/ and dist/). */
export declare function handrailVersion(): string;
