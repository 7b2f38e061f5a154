export type PidsCgroupSupport = {
    ok: true;
    version: 1 | 2;
    parent: string;
    sh: string;
} | {
    ok: false;
    reason: string;
};
/**
 * Whether handrail can give each command a pids cgroup, and where. Worked out once per process: the cgroup
 * handrail runs in (cgroup v1 `pids` hierarchy, or cgroup v2 with the `pids` controller delegated to it)
 * gets a `handrail-<pid>` child that holds one cgroup per running command.
 */
export declare function pidsCgroupSupport(): PidsCgroupSupport;
/** One command's cgroup: the file the command writes itself into, and its removal. */
export interface PidsCgroup {
    /** The `cgroup.procs` file the command joins (see `joinArgs`). */
    procs: string;
    /**
     * Kill what is left in it and remove it (an empty one the kernel still holds goes in the background);
     * returns a note when the command reached the limit.
     */
    remove(): Promise<string | undefined>;
}
/** Create the cgroup of one command, or say why not. */
export declare function createPidsCgroup(runId: string, max: number): PidsCgroup | {
    reason: string;
};
/**
 * A host `sh` in front of the command that moves itself into the cgroup (writing 0 to cgroup.procs moves
 * the writer), then execs the rest: everything the command starts is inside before bwrap runs. If the move
 * fails the command does not run.
 */
export declare function joinArgs(sh: string, procs: string): string[];
