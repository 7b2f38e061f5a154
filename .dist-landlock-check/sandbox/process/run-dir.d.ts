/** A run's private directory: HOME and TMPDIR for the command, outside every writable root. */
export interface RunDir {
    root: string;
    home: string;
    tmp: string;
    /** Remove the directory and whatever the command left in it; idempotent, never throws. */
    remove(): Promise<void>;
}
/**
 * Create `handrail-run-<process>-XXXXXX` (0700) with `home` and `tmp` inside, in the first temporary
 * directory that lies outside the writable roots, so a command's dotfiles never land in the workspace. The
 * name says which process made it (see liveness.ts): the first run of each process removes the run
 * directories of processes that died without removing theirs (SIGKILL, OOM), and never those of one that
 * still runs. A normal exit removes this process's own.
 */
export declare function createRunDir(writableRoots: readonly string[]): Promise<RunDir>;
