import { type Arg, type Verdict } from './types.js';
export interface Unwrapped {
    verdicts: Verdict[];
    /** The command it runs, when given. */
    inner?: Arg[];
    /** Shell source it runs (`bash -c`, `eval`, `env -S`). */
    script?: {
        text: string | null;
        raw: string;
        label: string;
    };
    /** It reads commands from its standard input (`bash`, `sh -s`). */
    stdinShell?: boolean;
    /** It appends words it reads to the inner command (`xargs`): the inner command's flags are not all visible. */
    appends?: boolean;
    /** `inner` is the wrapper's default, not a command given on the line (`xargs` alone runs echo). */
    implicit?: boolean;
    /** Without an inner command it does something of its own that is not safe. */
    alone?: Verdict;
}
type Wrapper = (args: Arg[]) => Unwrapped;
/** The wrapper for a program name, if it is one. */
export declare function wrapperFor(name: string): Wrapper | undefined;
export {};
