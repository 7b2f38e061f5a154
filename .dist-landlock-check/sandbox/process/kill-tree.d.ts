export interface KillTreeOptions {
    /** Time between SIGTERM and SIGKILL (default 2 s). */
    graceMs?: number;
    /** The run id in the command's environment (`HANDRAIL_RUN`): finds processes that left the tree. */
    runId?: string;
    /** Clock ticks since boot when the run started (`bootTicks()`): older processes are not searched. */
    startedAfter?: number;
}
/** What `killTree` needs of a child: its pid, and whether it already exited. */
export interface KillableChild {
    pid?: number | undefined;
    exitCode?: number | null;
    signalCode?: NodeJS.Signals | string | null;
}
export interface KillTreeReport {
    /** pids sent SIGTERM. */
    terminated: number[];
    /** pids sent SIGKILL (the process group counts as its leader's pid). */
    killed: number[];
}
/**
 * Kill a spawned command and everything it started: SIGTERM to every process of the run, a grace period,
 * then SIGKILL until none is left. The child must have been spawned detached, so it leads its own process
 * group. A run is its group, its descendants (including those that called setsid), and, given the run id,
 * every process still carrying it in its environment (daemons that double-forked away from the tree).
 *
 * bwrap itself is spared SIGTERM: it dies of it at once and takes its PID namespace down with SIGKILL,
 * which would skip the command's grace period. Killing bwrap in the second phase ends everything inside.
 *
 * Once the leader has exited its pid is not trusted (it may be reused); only the run id finds leftovers.
 */
export declare function killTree(child: KillableChild, opts?: KillTreeOptions): Promise<KillTreeReport>;
