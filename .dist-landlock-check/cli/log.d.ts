export interface LogIO {
    stdout: {
        write(text: string): unknown;
    };
    stderr: {
        write(text: string): unknown;
    };
    cwd: string;
    /** Ends `--follow` (the command wires SIGINT to it when absent). */
    signal?: AbortSignal;
    /** How often `--follow` polls for new rows (default 250 ms). */
    pollMs?: number;
}
export declare const LOG_HELP = "Usage: handrail log [options]\n\nPrint the timeline recorded in the event store: per turn, each call with its arguments, the permission\ndecision (rule and layer), approvals and who answered, the result and its duration.\n\nOptions:\n  --thread ID        only this thread (default: the most recent thread)\n  --turn ID          only this turn\n  --all              every thread\n  --threads          list the threads and exit\n  -f, --follow       keep printing new events until Ctrl-C\n  --json             one JSON event per line\n  -v, --verbose      include progress events\n  --db PATH          the database file (default: <state dir>/handrail.db)\n  --state-dir DIR    the state directory (default: ./.handrail)\n  -h, --help         print this help\n";
export declare function runLog(argv: string[], io: LogIO): Promise<number>;
