/** One row of the process table, from /proc/<pid>/stat. */
export interface ProcInfo {
    pid: number;
    ppid: number;
    pgid: number;
    sid: number;
    /** R, S, D, Z (zombie: exited, waiting to be reaped), T, … */
    state: string;
    comm: string;
    /** Start time in clock ticks since boot. */
    startTicks: number;
}
/** Now, in /proc start-time ticks since boot, rounded down with a tick to spare. */
export declare function bootTicks(): number;
/** Parse /proc/<pid>/stat; the command name may hold spaces and parentheses, so split at the last ')'. */
export declare function readProc(pid: number): ProcInfo | undefined;
/** Every process this user may see (all of them for root). */
export declare function readProcessTable(): ProcInfo[];
/** Whether a process exists and has not exited (a zombie has exited). */
export declare function isAlive(pid: number): boolean;
/** pids below `pid` in the parent tree (not `pid` itself). */
export declare function descendantsOf(table: readonly ProcInfo[], pid: number): Set<number>;
/**
 * pids whose environment holds `name=value`: processes of one run that left its process group and its
 * parent tree (a daemon that double-forked and called setsid). Only readable environments are searched.
 */
export declare function processesWithEnv(table: readonly ProcInfo[], name: string, value: string): Set<number>;
