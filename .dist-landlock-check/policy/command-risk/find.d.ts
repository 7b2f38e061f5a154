import { type Arg, type Rule } from './types.js';
export declare const findRule: Rule;
/** The commands find runs for -exec, -execdir, -ok and -okdir (up to `;` or `+`). */
export declare function findExecCommands(args: Arg[]): Arg[][];
