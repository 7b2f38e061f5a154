export type Risk = 'safe' | 'unknown' | 'dangerous';
export interface CommandRisk {
    /** The worst risk of any part of the command line. */
    risk: Risk;
    /** Short phrases naming the command and the rule, most severe first; empty when safe. */
    reasons: string[];
    /** argv of each simple command found, after unwrapping `env`, `time`, `bash -c`, … */
    commands: string[][];
    /**
     * Whether `commands` is everything the line does: false when it also redirects to or from files, feeds a
     * heredoc or here-string, duplicates an input descriptor or closes one (`<&0`, `0<&3`, `2>&-`), pipes
     * into a command that is not safe (`cat x | python3`), runs a coprocess, lets xargs append the words it
     * reads, sets variables, substitutes commands or expansions (anywhere: double-quoted words and heredoc
     * bodies included), has words known only at run time, contains control characters, could not be parsed,
     * or has too many parts. Permission rules that allow by argv apply only to exact lines.
     */
    exact: boolean;
}
/** One finding about one part of a command line. */
export interface Verdict {
    risk: Risk;
    reason: string;
    /** The finding is about the command line's shape (redirection, substitution, environment, parse error):
     * the argv list alone no longer describes everything the line does. */
    structural?: true;
}
/** One word of a simple command as the shell would see it before running it. */
export interface Arg {
    /** The word after quote removal, or null when it depends on run-time expansion. */
    value: string | null;
    /** The source text, shown when the value is unknown. */
    raw: string;
    /** Unquoted glob at the start, so the expansion could be a file name that starts with `-`. */
    leadingGlob: boolean;
    /** Unquoted glob anywhere: the word may become several words, or other text, depending on the files. */
    glob?: boolean;
}
export declare function worse(a: Risk, b: Risk): Risk;
export declare function rank(risk: Risk): number;
export declare function unknown(reason: string): Verdict;
/** A finding about the line's shape, which keeps `commands` from being the whole story. */
export declare function structural(verdict: Verdict): Verdict;
export declare function dangerous(reason: string): Verdict;
/** A static word, for argv built by the classifier itself (unwrapped `env -S`, tests). */
export declare function staticArg(value: string): Arg;
/** What a flag-aware rule sees: the value, or null when it could be anything (a flag included). */
export declare function opaque(arg: Arg): boolean;
/** The word's exact text is known before it runs: no expansion and no glob. */
export declare function literal(arg: Arg): arg is Arg & {
    value: string;
};
export declare function shown(arg: Arg): string;
/** Judges one program's arguments: no verdicts means safe. */
export type Rule = (args: Arg[]) => Verdict[];
