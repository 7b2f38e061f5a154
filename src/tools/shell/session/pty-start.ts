// A ProcessHandle over a pseudo-terminal (@lydell/node-pty: node-pty with its binaries shipped in npm
// packages). The child is a session leader with the terminal as its controlling tty, so its pid is also
// its process group and session id.
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { DEFAULT_GRACE_MS, killGroup } from './process-group.js';
import type { ProcessEnd, ProcessHandle } from './process-handle.js';

type PtyModule = typeof import('@lydell/node-pty');

export interface PtyStartOptions {
  cwd: string;
  env: Record<string, string>;
  cols?: number;
  rows?: number;
  /** SIGTERM → SIGKILL grace (default 2 s). */
  graceMs?: number;
}

export const DEFAULT_COLS = 120;
export const DEFAULT_ROWS = 40;
const LEFTOVER_GRACE_MS = 500;

let ptyModule: PtyModule | undefined;

/** Loaded on first use, so hosts without a pty binary still load everything else. */
export function loadPty(): PtyModule {
  if (!ptyModule) {
    try {
      ptyModule = createRequire(import.meta.url)('@lydell/node-pty') as PtyModule;
    } catch (error) {
      throw new Error(
        `Pseudo-terminals are unavailable on this host (${(error as Error).message}); run without tty.`,
      );
    }
  }
  return ptyModule;
}

/** Whether a pty can be opened here (the native module loads). */
export function ptyAvailable(): boolean {
  try {
    loadPty();
    return true;
  } catch {
    return false;
  }
}

export function ptyStart(file: string, args: string[], opts: PtyStartOptions): ProcessHandle {
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS;
  const term = loadPty().spawn(file, args, {
    name: opts.env.TERM ?? 'xterm-256color',
    cols: opts.cols ?? DEFAULT_COLS,
    rows: opts.rows ?? DEFAULT_ROWS,
    cwd: opts.cwd,
    env: opts.env,
    // Raw bytes: the session buffer decodes UTF-8 itself, safely across chunks and cuts.
    encoding: null,
  });
  const pid = term.pid;
  let killing: Promise<void> | undefined;
  let done = false;

  const exited = new Promise<ProcessEnd>((resolve) => {
    term.onExit(async ({ exitCode, signal }) => {
      done = true;
      // The leader is gone; whatever it left in its group or session goes too.
      await (killing ?? killGroup(pid, Math.min(graceMs, LEFTOVER_GRACE_MS)));
      const name = signal ? signalName(signal) : null;
      resolve({ code: name ? null : exitCode, signal: name });
    });
  });

  return {
    pid,
    get stdinOpen() {
      return !done;
    },
    write(data) {
      if (done) return Promise.reject(new Error('the terminal is closed'));
      // node-pty writes Buffers as they are; its typings only mention strings.
      term.write(data as string);
      return true;
    },
    closeStdin() {
      // A terminal has no separate input to close: Ctrl-D is end-of-file for a reader in canonical mode.
      if (!done) term.write('\x04');
    },
    onData(cb) {
      term.onData((chunk: Buffer | string) => cb(chunk));
    },
    exited,
    async kill() {
      if (!done) {
        killing ??= killGroup(pid, graceMs);
        await killing;
      }
      await exited;
    },
    interrupt() {
      // The terminal's line discipline turns ^C into SIGINT for its foreground group.
      if (!done) term.write('\x03');
    },
    resize(cols, rows) {
      if (!done) term.resize(cols, rows);
    },
  };
}

function signalName(signo: number): string {
  for (const [name, value] of Object.entries(constants.signals)) if (value === signo) return name;
  return `signal ${signo}`;
}
