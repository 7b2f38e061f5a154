/** How a process ended. `error` is set when it could not be started at all. */
export interface ProcessEnd {
    code: number | null;
    signal: string | null;
    error?: string;
}
/** A started process. Implementations must kill the whole tree, not only the pid. */
export interface ProcessHandle {
    /** The leader's pid (0 when the start failed). */
    readonly pid: number;
    /** Sends input; a Promise rejects when the input is closed (the reader went away). */
    write(data: string | Buffer): boolean | Promise<void>;
    /** Ends the input (for a pty: sends an end-of-file character). */
    closeStdin(): void;
    readonly stdinOpen: boolean;
    /** stdout and stderr (or the terminal), in arrival order; listeners added right after the start see all. */
    onData(cb: (chunk: Buffer | string) => void): void;
    /** Settles once the process has exited, what it left behind is gone, and its output is drained. */
    readonly exited: Promise<ProcessEnd>;
    /** Kills the whole tree: SIGTERM, a grace period, SIGKILL. Resolves when everything is gone. */
    kill(): Promise<void>;
    /** Ctrl-C: SIGINT to the foreground group. */
    interrupt?(): void;
    /** Terminal size, for pty handles. */
    resize?(cols: number, rows: number): void;
}
export interface StartOptions {
    tty: boolean;
    cols?: number;
    rows?: number;
}
/** Starts the session's command; each call starts a fresh process. May throw if nothing could start. */
export type StartProcess = (opts: StartOptions) => ProcessHandle;
