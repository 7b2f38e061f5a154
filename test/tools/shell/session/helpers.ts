import { createNoneBackend } from '../../../../src/sandbox/backends/index.js';
import { createFileAccess } from '../../../../src/sandbox/file-policy.js';
import { buildProcessSpawnPlan, type ProcessSpawnPlan } from '../../../../src/sandbox/process/index.js';
import {
  type PlannedHandle,
  plannedStart,
  startPlanned,
} from '../../../../src/tools/shell/process-adapter.js';
import {
  type ProcessHandle,
  type Session,
  SessionManager,
  type SessionManagerOptions,
  type StartProcess,
} from '../../../../src/tools/shell/session/index.js';
import { onCleanup } from '../../../support/cleanup.js';
import { tempDir } from '../../../support/temp.js';

// Sandbox none: the command's processes are the host's, so the tests can read their groups from /proc.
const backend = createNoneBackend();

export interface BashPlanOptions {
  tty?: boolean;
  /** 'pipe' (default, as exec_command asks) or 'closed'; a tty always has its input open. */
  stdin?: 'pipe' | 'closed';
}

/** The spawn plan exec_command would run for `cmd` (bash), in a temporary workspace. */
export async function bashPlan(cmd: string, opts: BashPlanOptions = {}): Promise<ProcessSpawnPlan> {
  const ws = tempDir('handrail-session-');
  const result = await buildProcessSpawnPlan(
    { cmd, tty: opts.tty === true, stdin: opts.stdin ?? 'pipe' },
    {
      files: createFileAccess({ roots: [{ path: ws, access: 'write' }], cwd: ws }),
      backend,
      profile: { network: false },
    },
  );
  if (!result.ok) throw new Error(`plan refused: ${result.message}`);
  // Idempotent: spawnPlanned already cleans up after the run; this covers plans never started.
  onCleanup(async () => {
    await result.plan.cleanup();
  });
  return result.plan;
}

/** A started plan, killed after the test if still running. */
export function startHandle(plan: ProcessSpawnPlan, opts: { graceMs?: number } = {}): PlannedHandle {
  const handle = startPlanned(plan, opts);
  onCleanup(() => handle.kill());
  return handle;
}

/** `cmd` under bash with pipes, through the production path (plan, spawnPlanned, tree killing). */
export async function startChild(
  cmd: string,
  opts: { stdin?: 'pipe' | 'closed'; graceMs?: number } = {},
): Promise<PlannedHandle> {
  return startHandle(await bashPlan(cmd, { stdin: opts.stdin ?? 'pipe' }), opts);
}

/** `cmd` under bash in a pseudo-terminal, through the production path (ptySpawn under spawnPlanned). */
export async function startPty(cmd: string, opts: { graceMs?: number } = {}): Promise<PlannedHandle> {
  return startHandle(await bashPlan(cmd, { tty: true }), opts);
}

/**
 * A starter for SessionManager.start as exec_command makes one: a plan built first (tty or not), started
 * through plannedStart. The session must agree on tty, or the start fails visibly.
 */
export async function bashStarter(
  cmd: string,
  opts: { graceMs?: number; tty?: boolean } = {},
): Promise<StartProcess> {
  const plan = await bashPlan(cmd, { tty: opts.tty === true });
  const start = plannedStart(plan, opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {});
  return (startOptions) => {
    if (startOptions.tty !== plan.tty) throw new Error(`the plan has tty ${plan.tty}, the session not`);
    const handle = start(startOptions);
    onCleanup(() => handle.kill());
    return handle;
  };
}

/** A manager whose sessions are all closed after the test. */
export function makeManager(opts: SessionManagerOptions = {}): SessionManager {
  const manager = new SessionManager(opts);
  onCleanup(() => manager.closeAll());
  return manager;
}

/** Collects a handle's output as text. */
export function collect(handle: ProcessHandle): { text: () => string } {
  const chunks: Buffer[] = [];
  handle.onData((chunk) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
  return { text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Output of a session not yet read, without consuming it. */
export function peek(session: Session): string {
  return session.buffer.readSince(session.cursor).text;
}
