import { type Arg, type Verdict } from './types.js';
/** What the classifier collects across a whole command line. */
export interface Report {
    verdicts: Verdict[];
    commands: string[][];
}
/** A program that will run, for the checks that look across commands (pipes into a shell, heredocs). */
export interface Found {
    /** Program name ('' when it comes from an expansion). */
    name: string;
    /** It reads shell commands from standard input. */
    stdinShell: boolean;
}
export interface CommandContext {
    report: Report;
    /** Classify nested shell source (`bash -c`, `eval`), returning what it runs. */
    script(source: string): Found[];
    /** A downloader whose output is spliced into this command's words (`eval "$(curl …)"`), if any. */
    downloaded: string | null;
}
export declare function analyzeArgv(argv: Arg[], ctx: CommandContext, appends?: boolean, wrappers?: number): Found[];
