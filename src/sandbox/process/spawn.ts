import { spawn as nodeSpawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { SandboxInfo } from './backend-types.js';
import { type KillTreeReport, killTree } from './kill-tree.js';
import { bootTicks } from './proc-table.js';
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
  /**
   * Look now at what the command has left in the roots, while it runs (see `ProcessSpawnPlan.audit`): notes
   * on what is new since the last look; [] once it has ended (its exit notes have the last look).
   */
  audit(): Promise<string[]>;
}

const DRAIN_MS = 2000;

const defaultSpawn: SpawnFunction = (file, args, request) =>
  nodeSpawn(file, args, { cwd: request.cwd, env: request.env, detached: true, stdio: request.stdio });

/**
 * Start a planned command in its own process group, enforce its timeout and the caller's AbortSignal by
 * killing the whole tree, and report how it ended. When the command exits, whatever it left running is
 * killed too (bwrap's PID namespace already guarantees that; for `none` the run id finds them).
 */
export function spawnPlanned(plan: ProcessSpawnPlan, opts: SpawnPlannedOptions = {}): PlannedProcess {
  const spawnFn = opts.spawn ?? defaultSpawn;
  const graceMs = opts.graceMs ?? 2000;
  // No PID namespace holds the tree (none; landlock, whose helper is the subreaper until a command kills it).
  const runId = plan.sandbox.backend !== 'bwrap' ? plan.runId : undefined;
  let reason: 'timeout' | 'abort' | 'kill' | undefined;
  let running = true;
  let killing: Promise<KillTreeReport> | undefined;
  let spawnError: string | undefined;

  const startedAfter = runId ? bootTicks() : undefined;
  const treeOptions = {
    ...(runId ? { runId } : {}),
    ...(startedAfter !== undefined ? { startedAfter } : {}),
  };
  let child: SpawnedChild;
  try {
    child = spawnFn(plan.argv[0]!, plan.argv.slice(1), {
      cwd: plan.cwd,
      env: plan.env,
      detached: true,
      stdio: [plan.stdin === 'pipe' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      tty: plan.tty,
    });
  } catch (error) {
    spawnError = (error as Error).message;
    child = { stdin: null, stdout: null, stderr: null, once: () => undefined };
  }
  const streams = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
  // Output nobody listens to is still read, or a full pipe would stall the command.
  consume(child.stdout, opts.onStdout);
  consume(child.stderr, opts.onStderr);
  // A closed stdin (the command exited) must not crash handrail with EPIPE.
  child.stdin?.on('error', () => undefined);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (spawnError) return resolve({ code: null, signal: null });
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      spawnError = error.message;
      resolve({ code: null, signal: null });
    });
  });
  const drained = Promise.all(
    streams.map((stream) => new Promise<void>((resolve) => stream.once('close', () => resolve()))),
  );

  const startKill = (why: 'timeout' | 'abort' | 'kill') => {
    reason ??= why;
    killing ??= killTree(child, { graceMs, ...treeOptions });
    return killing;
  };
  // A service has no timeout (Infinity): setTimeout would take it for 1 ms.
  const timer = Number.isFinite(plan.timeoutMs)
    ? setTimeout(() => void startKill('timeout'), plan.timeoutMs)
    : undefined;
  const onAbort = () => void startKill('abort');
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });

  const exit = (async (): Promise<ProcessExit> => {
    const ended = await exited;
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    if (killing) await killing;
    // What the command left behind (a background job, a daemon) goes with it.
    const leftovers = await killTree(
      { pid: child.pid, exitCode: ended.code ?? -1 },
      { graceMs: Math.min(graceMs, 500), ...treeOptions },
    );
    // An escaped process (possible only without a sandbox) may hold the pipes open: stop waiting.
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      drained,
      new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, DRAIN_MS))),
    ]);
    clearTimeout(drainTimer);
    for (const stream of streams) stream.destroy();
    running = false;
    const notes = opts.cleanup !== false ? await plan.cleanup() : [];
    const result: ProcessExit = {
      code: ended.code,
      signal: ended.signal,
      timedOut: reason === 'timeout',
      aborted: reason === 'abort',
      killed: reason !== undefined,
      unsandboxed: plan.sandbox.unsandboxed,
      sandbox: plan.sandbox,
      leftovers: new Set([...leftovers.terminated, ...leftovers.killed]).size,
      notes,
    };
    if (spawnError) result.error = spawnError;
    return result;
  })();

  return {
    get pid() {
      return child.pid;
    },
    stdin: child.stdin,
    exit,
    get running() {
      return running;
    },
    async kill(why = 'kill') {
      if (running) await startKill(why);
      return exit;
    },
    audit() {
      return running ? plan.audit() : Promise.resolve([]);
    },
  };
}

function consume(stream: Readable | null, onData: ((chunk: Buffer) => void) | undefined): void {
  if (!stream) return;
  if (onData) stream.on('data', onData);
  else stream.resume();
}
