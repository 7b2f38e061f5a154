/**
 * The first `rg` executable on PATH, or undefined. PATH entries inside the given roots are skipped: an
 * activated venv or `npm run` puts workspace folders on PATH, and an `rg` planted there would otherwise run
 * outside every sandbox.
 */
export declare function findRipgrep(searchPath?: string, excludedRoots?: readonly string[]): string | undefined;
export interface RgRun {
    code: number | null;
    stderr: string;
    /** We stopped it: the consumer had enough, or the output passed the byte cap. */
    stopped: boolean;
    overflowed: boolean;
}
export interface RgRunOptions {
    cwd: string;
    signal: AbortSignal;
    /** Bytes of stdout read before ripgrep is stopped. */
    maxStdoutBytes: number;
    /** One line of output (without `\n`); return false to stop ripgrep. */
    onLine(line: Buffer): boolean;
}
/**
 * Run ripgrep with an argv built by the caller (never a shell), an empty environment (so no
 * RIPGREP_CONFIG_PATH, and nothing else of ours reaches it), stdin closed, stdout streamed line by line and
 * capped. Killed when the consumer stops, the cap is passed, or the call's signal fires.
 */
export declare function runRipgrep(rg: string, args: string[], opts: RgRunOptions): Promise<RgRun>;
