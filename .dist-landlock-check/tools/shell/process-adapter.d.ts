import { type ProcessExit, type ProcessSpawnPlan } from '../../sandbox/index.js';
import type { ProcessHandle, StartProcess } from './session/index.js';
/** A handle that also keeps the plan and, once it has ended, how spawnPlanned saw the end. */
export interface PlannedHandle extends ProcessHandle {
    readonly plan: ProcessSpawnPlan;
    /** Set before `exited` settles: timed out, aborted, leftovers, sandbox facts. */
    readonly result: ProcessExit | undefined;
}
export interface PlannedStartOptions {
    /** SIGTERM → SIGKILL grace (default 2 s). */
    graceMs?: number;
    /** Streams to watch the output outside the session (bash's progress updates). */
    onData?: (chunk: Buffer) => void;
}
/** Start `plan` as a session's process. Each call spawns the plan once; plans are not reusable. */
export declare function plannedStart(plan: ProcessSpawnPlan, opts?: PlannedStartOptions): StartProcess;
export declare function startPlanned(plan: ProcessSpawnPlan, opts?: PlannedStartOptions & {
    cols?: number;
    rows?: number;
}): PlannedHandle;
