type Dict = Record<string, unknown>;
export declare const isDict: (value: unknown) => value is Dict;
/** Move the first present alias to `name`, leaving other keys as they are. */
export declare function rename(source: Dict, aliases: string[], name: string): Dict;
export declare function prepareEditArguments(input: unknown): unknown;
export {};
