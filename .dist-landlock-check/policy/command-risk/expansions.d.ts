/** Why a `${…}` expansion is not a plain read, or null when it is. `text` is the whole `${…}`. */
export declare function expansionProblem(text: string): string | null;
/** Why `$(( … ))` or `$[ … ]` is not a plain computation, or null when it only combines literal numbers. */
export declare function arithmeticProblem(text: string): string | null;
export interface Substitution {
    kind: '${' | '$(' | '$((' | '$[' | '`';
    /** The whole substitution, `$(` to `)`. */
    text: string;
    /** What is between the brackets. */
    inner: string;
}
/**
 * Every `${…}`, `$(…)`, `$((…))`, `$[…]` and backtick substitution in text that bash expands like the
 * inside of double quotes (an unquoted heredoc body). Escaped `\$` and `` \` `` are skipped. An opening
 * that is never closed runs to the end of the text.
 */
export declare function substitutionsIn(text: string): Substitution[];
