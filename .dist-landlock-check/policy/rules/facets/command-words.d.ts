/** One word of a command pattern: literal text, or a glob when it holds an unquoted `*`. */
export interface PatternWord {
    /** The word after quote removal (`*` kept as written). */
    value: string;
    /** Anchored matcher when the word has an unquoted `*`; undefined for a literal word. */
    glob?: RegExp;
}
export interface CommandPattern {
    words: PatternWord[];
    /** A trailing `:*` or a final `*` word: any further words may follow. */
    rest: boolean;
}
/** Split a command pattern such as `npm run test:*` or `git commit -m 'fix: *'` into words. */
export declare function parseCommandPattern(text: string): CommandPattern;
/** Quote one argv word so `parseCommandPattern` reads it back as exactly that literal word. */
export declare function quoteWord(word: string): string;
