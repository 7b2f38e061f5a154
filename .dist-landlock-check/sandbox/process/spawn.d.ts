import type { Readable, Writable } from 'node:stream';
import type { SandboxInfo } from './backend-types.js';
import type { ProcessSpawnPlan } from './types.js';
/** What a spawner must return: node's ChildProcess fits; a PTY adapter can implement it too. */
export interface SpawnedChild {
    readonly pid?: number | undefined;
    readonly stdin: Writable | null;
    readonly stdout: Readable | null;
    readonly stderr: Readable | null;
    readonly exitCode?: number | null;
    readonly signalCode?: NodeJS.Signals | string | null;
    once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
    once(event: 'error', listener: (error: Error) => void): unknown;
}
export interface SpawnRequest {
    cwd: string;
    env: Record<string, string>;
    /** The child must lead its own process group (and, for a PTY, its own session). */
    detached: true;
    stdio: ['ignore' | 'pipe', 'pipe', 'pipe'];
    tty: boolean;
}
/** The injection point for another spawner (a PTY): same plan, same argv, same tree killing. */
export type SpawnFunction = (file: string, args: string[], request: SpawnRequest) => SpawnedChild;
export interface SpawnPlannedOptions {
    signal?: AbortSignal;
    onStdout?: (chunk: Buffer) => void;
    onStderr?: (chunk: Buffer) => void;
    spawn?: SpawnFunction;
    /** SIGTERM → SIGKILL grace when the command is killed (default 2 s). */
    graceMs?: number;
    /** Call `plan.cleanup()` once the command has ended (default true). */
    cleanup?: boolean;
}
export interface ProcessExit {
    /** Exit code, or null when a signal ended it. */
    code: number | null;
    signal: NodeJS.Signals | null;
    /** Killed because the plan's timeout passed. */
    timedOut: boolean;
    /** Killed because the AbortSignal fired. */
    aborted: boolean;
    /** Killed by `kill()` (or the timeout or the abort). */
    killed: boolean;
    /** The spawn itself failed (the program could not be started). */
    error?: string;
    /** True for the `none` backend: the caller must say the command ran without a sandbox. */
    unsandboxed: boolean;
    sandbox: SandboxInfo;
    /** Processes of the run still alive after the command exited, then killed. */
    leftovers: number;
    /** What the sandbox found after the run (protected paths the command created), for the result. */
    notes: string[];
}
export interface PlannedProcess {
    readonly pid: number | undefined;
    readonly stdin: Writable | null;
    /** Resolves once the command and every process it started are gone and its output is drained. */
    readonly exit: Promise<ProcessExit>;
    /** Kill the whole tree (SIGTERM, grace, SIGKILL); resolves when `exit` has. */
    kill(reason?: 'timeout' | 'abort' | 'kill'): Promise<ProcessExit>;
    readonly running: boolean;
}
/**
 * Start a planned command in its own process group, enforce its timeout and the caller's AbortSignal by
 * killing the whole tree, and report how it ended. When the command exits, whatever it left running is
 * killed too (bwrap's PID namespace already guarantees that; for `none` the run id finds them).
 */
export declare function spawnPlanned(plan: ProcessSpawnPlan, opts?: SpawnPlannedOptions): PlannedProcess;
