import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  childStart,
  type ProcessHandle,
  ptyStart,
  type Session,
  SessionManager,
  type SessionManagerOptions,
  type StartProcess,
} from '../../../../src/tools/shell/session/index.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-session-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: os.tmpdir(),
};

const SHELL = ['bash', '--norc', '--noprofile', '-c'];

/** A handle running `cmd` under bash with pipes, killed after the test if still running. */
export function startChild(
  cmd: string,
  opts: { stdin?: 'pipe' | 'ignore'; graceMs?: number } = {},
): ProcessHandle {
  const handle = childStart([...SHELL, cmd], {
    cwd: os.tmpdir(),
    env: { ...ENV, TERM: 'dumb' },
    stdin: opts.stdin ?? 'pipe',
    ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
  });
  cleanups.push(() => handle.kill());
  return handle;
}

/** A handle running `cmd` under bash in a pseudo-terminal, killed after the test if still running. */
export function startPty(cmd: string, opts: { graceMs?: number; args?: string[] } = {}): ProcessHandle {
  const handle = ptyStart('bash', opts.args ?? [...SHELL.slice(1), cmd], {
    cwd: os.tmpdir(),
    env: { ...ENV, TERM: 'xterm-256color' },
    ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
  });
  cleanups.push(() => handle.kill());
  return handle;
}

/** A starter for SessionManager.start: tty runs get a pty, others pipes. */
export function bashStarter(cmd: string, opts: { graceMs?: number } = {}): StartProcess {
  return ({ tty }) => (tty ? startPty(cmd, opts) : startChild(cmd, opts));
}

/** A manager whose sessions are all closed after the test. */
export function makeManager(opts: SessionManagerOptions = {}): SessionManager {
  const manager = new SessionManager(opts);
  cleanups.push(() => manager.closeAll());
  return manager;
}

/** Collects a handle's output as text. */
export function collect(handle: ProcessHandle): { text: () => string } {
  const chunks: Buffer[] = [];
  handle.onData((chunk) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
  return { text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Resolves once `predicate` holds (checked every 10 ms); fails after `limitMs`. */
export async function until(predicate: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Output of a session not yet read, without consuming it. */
export function peek(session: Session): string {
  return session.buffer.readSince(session.cursor).text;
}

interface PsRow {
  pid: number;
  pgid: number;
  sid: number;
  state: string;
}

/** The process table read straight from /proc (no code under test involved). */
function ps(): PsRow[] {
  const rows: PsRow[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const [state, , pgid, sid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rows.push({ pid: Number(name), pgid: Number(pgid), sid: Number(sid), state: state ?? '' });
    } catch {
      // exited while listed
    }
  }
  return rows;
}

/** Live processes in the process group or session led by `leader` (zombies excluded). */
export function survivors(leader: number): number[] {
  return ps()
    .filter((p) => (p.pgid === leader || p.sid === leader) && p.state !== 'Z')
    .map((p) => p.pid);
}

/** Whether a process is alive (and not a zombie). */
export function alive(pid: number): boolean {
  return ps().some((p) => p.pid === pid && p.state !== 'Z');
}
