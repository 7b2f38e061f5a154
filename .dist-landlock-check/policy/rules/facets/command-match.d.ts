import type { CommandPattern } from './command-words.js';
import { type MatchMode } from './definition.js';
export interface CommandMatcher {
    kind: 'command';
    /** One sub-command's argv. */
    test(argv: readonly string[], mode: MatchMode): boolean;
    /** Whether one sub-command could match once the shell expands the words it decides at run time. */
    mayMatch(argv: readonly string[]): boolean;
    /** The pattern's words as written (after quote removal), for analysis and messages. */
    words: string[];
    /** Whether any word is a glob. */
    glob: boolean;
    /** Any further words may follow. */
    rest: boolean;
}
export declare function commandMatcher(pattern: CommandPattern): CommandMatcher;
/**
 * A word whose value the shell decides when it runs: a parameter expansion or substitution (the classifier
 * keeps their source text), a glob, or a brace expansion. Quoted look-alikes (`'$1'`) are counted too, which
 * is safe because it is only used to widen deny / ask rules and to narrow allow globs.
 */
export declare function runtimeWord(word: string): boolean;
/** A structured rule's `command`: literal words, then anything. */
export declare function literalCommand(words: string[]): CommandPattern;
