// A ProcessHandle over child_process.spawn: its own session and process group, pipes for output.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { DEFAULT_GRACE_MS, killGroup, signalGroup } from './process-group.js';
import type { ProcessEnd, ProcessHandle } from './process-handle.js';

export interface ChildStartOptions {
  cwd: string;
  env: Record<string, string>;
  stdin: 'pipe' | 'ignore';
  /** SIGTERM → SIGKILL grace (default 2 s). */
  graceMs?: number;
}

/** Grace for what the command left running once it exited: it is not the command being stopped. */
const LEFTOVER_GRACE_MS = 500;
/** How long to wait for the pipes to close once the tree is gone. */
const DRAIN_MS = 2000;

export function childStart(argv: string[], opts: ChildStartOptions): ProcessHandle {
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS;
  const listeners: Array<(chunk: Buffer) => void> = [];
  let stdinOpen = opts.stdin === 'pipe';
  let killing: Promise<void> | undefined;
  let done = false;

  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: opts.cwd,
    env: opts.env,
    // Own session and process group (setsid), so the whole tree can be signalled as one.
    detached: true,
    stdio: [opts.stdin, 'pipe', 'pipe'],
  });
  const pid = child.pid ?? 0;
  const emit = (chunk: Buffer) => {
    for (const cb of listeners) cb(chunk);
  };
  const outputs = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
  for (const stream of outputs) stream.on('data', emit);
  child.stdin?.on('error', () => {
    stdinOpen = false; // EPIPE: the reader exited; the session reports the input as closed
  });
  child.stdin?.on('close', () => {
    stdinOpen = false;
  });
  const drained = Promise.all(outputs.map((s) => new Promise<void>((resolve) => s.once('close', resolve))));

  const exited = new Promise<ProcessEnd>((resolve) => {
    let spawnError: string | undefined;
    child.once('error', (error) => {
      spawnError = error.message;
      // A failed spawn emits no 'exit'.
      if (pid === 0) finish({ code: null, signal: null, error: spawnError });
    });
    child.once('exit', (code, signal) => {
      const end: ProcessEnd = { code, signal };
      if (spawnError) end.error = spawnError;
      finish(end);
    });
    const finish = async (end: ProcessEnd) => {
      stdinOpen = false;
      // Background jobs and anything else left in the group go with the command: no orphans.
      await (killing ?? killGroup(pid, Math.min(graceMs, LEFTOVER_GRACE_MS)));
      await Promise.race([drained, delay(DRAIN_MS)]);
      for (const stream of outputs) stream.destroy();
      done = true;
      resolve(end);
    };
  });

  return {
    pid,
    get stdinOpen() {
      return stdinOpen && !done;
    },
    write(data) {
      const stdin = child.stdin;
      if (!stdin || !stdinOpen) return Promise.reject(new Error('stdin is closed'));
      return new Promise<void>((resolve, reject) => {
        stdin.write(data, (error) => (error ? reject(error) : resolve()));
      });
    },
    closeStdin() {
      stdinOpen = false;
      child.stdin?.end();
    },
    onData(cb) {
      listeners.push(cb);
    },
    exited,
    async kill() {
      if (!done && pid > 0) {
        killing ??= killGroup(pid, graceMs);
        await killing;
      }
      await exited;
    },
    interrupt() {
      if (!done && pid > 0) signalGroup(pid, 'SIGINT');
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
