/** Rename the alias keys a model may use to the schema's names (the first present alias wins). */
export declare function renameKeys(input: unknown, aliases: Record<string, string[]>): Record<string, unknown> | undefined;
