// A session ProcessHandle over spawnPlanned: the planned argv (wrapped in the sandbox), its timeout, and
// killing that takes down the whole tree, bwrap's PID namespace included. A tty plan runs in a pty through
// spawnPlanned's `spawn` injection, so both kinds share one code path for timeouts and cleanup.
import {
  type ProcessExit,
  type ProcessSpawnPlan,
  type SpawnPlannedOptions,
  spawnPlanned,
} from '../../sandbox/index.js';
import { ptySpawn } from './pty-spawn.js';
import type { ProcessEnd, ProcessHandle, StartProcess } from './session/index.js';

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
export function plannedStart(plan: ProcessSpawnPlan, opts: PlannedStartOptions = {}): StartProcess {
  return (start) =>
    startPlanned(plan, {
      ...opts,
      ...(start.cols !== undefined ? { cols: start.cols } : {}),
      ...(start.rows !== undefined ? { rows: start.rows } : {}),
    });
}

export function startPlanned(
  plan: ProcessSpawnPlan,
  opts: PlannedStartOptions & { cols?: number; rows?: number } = {},
): PlannedHandle {
  const listeners: Array<(chunk: Buffer) => void> = opts.onData ? [opts.onData] : [];
  const emit = (chunk: Buffer) => {
    for (const cb of listeners) cb(chunk);
  };
  const spawnOptions: SpawnPlannedOptions = {
    onStdout: emit,
    onStderr: emit,
    ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
    ...(plan.tty
      ? {
          spawn: ptySpawn({
            ...(opts.cols !== undefined ? { cols: opts.cols } : {}),
            ...(opts.rows !== undefined ? { rows: opts.rows } : {}),
          }),
        }
      : {}),
  };
  const planned = spawnPlanned(plan, spawnOptions);
  const stdin = planned.stdin;
  let stdinOpen = stdin !== null;
  stdin?.on('error', () => {
    stdinOpen = false; // EPIPE: the reader exited
  });
  stdin?.on('close', () => {
    stdinOpen = false;
  });
  let result: ProcessExit | undefined;
  const exited = planned.exit.then((exit): ProcessEnd => {
    result = exit;
    stdinOpen = false;
    const end: ProcessEnd = { code: exit.code, signal: exit.signal };
    if (exit.error) end.error = exit.error;
    return end;
  });

  return {
    plan,
    get result() {
      return result;
    },
    get pid() {
      return planned.pid ?? 0;
    },
    get stdinOpen() {
      return stdinOpen && planned.running;
    },
    write(data) {
      if (!stdin || !stdinOpen) return Promise.reject(new Error('stdin is closed'));
      return new Promise<void>((resolve, reject) => {
        stdin.write(data, (error) => (error ? reject(error) : resolve()));
      });
    },
    closeStdin() {
      stdinOpen = false;
      stdin?.end();
    },
    onData(cb) {
      listeners.push(cb);
    },
    exited,
    async kill() {
      await planned.kill('kill');
      await exited;
    },
    interrupt() {
      // SIGINT to the group. Under bwrap that is bwrap itself, which dies and takes the sandbox with it
      // (--die-with-parent), so Ctrl-C stops the command either way.
      const pid = planned.pid;
      if (!planned.running || !pid) return;
      try {
        process.kill(-pid, 'SIGINT');
      } catch {
        // already gone
      }
    },
  };
}
