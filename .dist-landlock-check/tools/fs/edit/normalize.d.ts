/** Whether a string has any character `normalizeUnicode` changes. */
export declare function hasLookAlikes(value: string): boolean;
/** Quotes, dashes and spaces to ASCII, one unit for one unit (the length never changes). */
export declare function normalizeUnicode(value: string): string;
