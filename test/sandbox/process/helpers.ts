import { selectBackend } from '../../../src/sandbox/backends/index.js';
import { createFileAccess } from '../../../src/sandbox/file-policy.js';
import type { FilePolicyConfig } from '../../../src/sandbox/file-policy-types.js';
import type { SandboxBackend } from '../../../src/sandbox/process/backend-types.js';
import {
  buildProcessSpawnPlan,
  type CommandProxyOpener,
  type ProcessExit,
  type ProcessProfile,
  type ProcessSpawnInput,
  type ProcessSpawnPlan,
  spawnPlanned,
} from '../../../src/sandbox/process/index.js';
import { onCleanup } from '../../support/cleanup.js';
import { tempDir } from '../../support/temp.js';
import { isRoot, own, TEST_UID } from '../../support/users.js';

export { isRoot, onCleanup, own, TEST_UID };

/**
 * A temporary workspace. As root it belongs to TEST_UID, so bwrap runs commands as that unprivileged user
 * (the default for a workspace with a non-root owner) and the workspace stays writable for them.
 */
export function workspace(opts: { owner?: 'test' | 'root' } = {}): string {
  const dir = tempDir('handrail-proc-');
  if (opts.owner !== 'root') own(dir);
  return dir;
}

let bwrapSelected: Promise<SandboxBackend> | undefined;
export function bwrapBackend(): Promise<SandboxBackend> {
  bwrapSelected ??= selectBackend('bwrap');
  return bwrapSelected;
}

export interface PlanOptions {
  backend: SandboxBackend;
  roots?: FilePolicyConfig['roots'];
  denyRead?: string[];
  protectedPaths?: string[];
  /** Absolute paths kept read-only at any depth (the runtime's own policy and store files). */
  protectedFiles?: string[];
  stateDir?: string;
  profile?: Partial<ProcessProfile>;
  hostEnv?: NodeJS.ProcessEnv;
  /** Host paths shown read-only besides the roots (a program's own files). */
  readPaths?: readonly string[];
  /** The command's entrance to the network proxy (network.commands). */
  proxy?: CommandProxyOpener;
}

export async function plan(ws: string, input: ProcessSpawnInput, opts: PlanOptions) {
  const files = createFileAccess({
    roots: opts.roots ?? [{ path: ws, access: 'write' }],
    cwd: ws,
    ...(opts.denyRead ? { denyRead: opts.denyRead } : {}),
    ...(opts.protectedPaths ? { protectedPaths: opts.protectedPaths } : {}),
  });
  const result = await buildProcessSpawnPlan(input, {
    files,
    backend: opts.backend,
    profile: { network: false, ...opts.profile },
    filePolicy: {
      ...(opts.denyRead ? { denyRead: opts.denyRead } : {}),
      ...(opts.protectedPaths ? { protectedPaths: opts.protectedPaths } : {}),
      ...(opts.protectedFiles ? { protectedFiles: opts.protectedFiles } : {}),
      ...(opts.stateDir ? { stateDir: opts.stateDir } : {}),
    },
    ...(opts.hostEnv ? { hostEnv: opts.hostEnv } : {}),
    ...(opts.readPaths ? { readPaths: opts.readPaths } : {}),
    ...(opts.proxy ? { proxy: opts.proxy } : {}),
  });
  if (result.ok) onCleanup(async () => void (await result.plan.cleanup()));
  return result;
}

export interface Ran {
  exit: ProcessExit;
  stdout: string;
  stderr: string;
  plan: ProcessSpawnPlan;
}

/** Plan and run a command to the end, collecting its output. */
export async function run(
  ws: string,
  cmd: string | ProcessSpawnInput,
  opts: PlanOptions & { signal?: AbortSignal; graceMs?: number },
): Promise<Ran> {
  const input = typeof cmd === 'string' ? { cmd } : cmd;
  const planned = await plan(ws, input, opts);
  if (!planned.ok) throw new Error(`plan refused: ${planned.message}`);
  return runPlan(planned.plan, opts);
}

export async function runPlan(
  p: ProcessSpawnPlan,
  opts: { signal?: AbortSignal; graceMs?: number } = {},
): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const handle = spawnPlanned(p, {
    onStdout: (chunk) => {
      stdout += chunk.toString();
    },
    onStderr: (chunk) => {
      stderr += chunk.toString();
    },
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
  });
  const exit = await handle.exit;
  return { exit, stdout, stderr, plan: p };
}

export { eventually, uniqueSleep } from '../../support/processes.js';
