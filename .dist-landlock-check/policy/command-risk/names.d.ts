/** Shells whose `-c` string and stdin are bash-like enough to classify with the bash grammar. */
export declare const SHELLS: Set<string>;
/** Programs that run code read from stdin or from a file argument. */
export declare function isInterpreter(name: string): boolean;
/** Programs that fetch content from the network. */
export declare const DOWNLOADERS: Set<string>;
/** Programs that run code from a string or file in the current shell. */
export declare const CODE_RUNNERS: Set<string>;
export interface ProgramName {
    /** The name the rules use: the basename of the command word. */
    name: string;
    /** The word was a path outside the system directories (`./ls`, `/tmp/x/cat`): not the program we know. */
    untrusted: boolean;
}
export declare function programName(word: string): ProgramName;
