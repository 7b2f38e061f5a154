import { type Arg } from './types.js';
export interface OptionSpec {
    /** Short letters that take a value, attached (`-ofile`) or as the next word. */
    shortValue?: string;
    /** Short letters whose value is optional and only attached (`sed -i.bak`). */
    shortOptional?: string;
    /** Long names (no dashes) that take a value, after `=` or as the next word. */
    longValue?: readonly string[];
    /** Every long name the program knows (no dashes), to resolve abbreviations; unlisted names stay as typed. */
    long?: readonly string[];
    /** Options may follow operands (GNU). False: the first operand ends the options (wrappers). */
    permute?: boolean;
    /** `-10` is an option (nice, kill). */
    numeric?: boolean;
}
export interface ParsedOption {
    /** `-x`, or `--name` resolved through abbreviation when the spec knows the long names. */
    name: string;
    value: string | null;
    /** The value is a separate word known only at run time (it may even split into several words). */
    dynamic: boolean;
    /** The long name was neither known nor resolved: match it as a possible abbreviation. */
    loose: boolean;
}
export interface Parsed {
    options: ParsedOption[];
    operands: Arg[];
    /** Index in args of the first word after the options (for wrappers, which stop there). */
    rest: number;
    /** Some word that could be an option is a run-time expansion or a leading glob. */
    opaque: boolean;
}
export declare function parseOptions(args: readonly Arg[], spec?: OptionSpec): Parsed;
/**
 * Whether any of `names` (`-o`, `--output`) was given. A long option the spec could not resolve matches any
 * name it abbreviates, so an unlisted abbreviation is never read as harmless.
 */
export declare function findOption(parsed: Parsed, ...names: string[]): ParsedOption | undefined;
export declare function hasOption(parsed: Parsed, ...names: string[]): boolean;
