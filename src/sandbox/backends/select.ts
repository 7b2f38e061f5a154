import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackendStatus, SandboxBackend } from '../process/backend-types.js';
import { resolveRlimits } from '../process/rlimits.js';
import { createRunDir } from '../process/run-dir.js';
import { type BwrapOptions, createBwrapBackend } from './bwrap.js';
import { createNoneBackend } from './none.js';

export type SandboxChoice = 'auto' | 'bwrap' | 'none';

const PROBE_TIMEOUT_MS = 10_000;

/**
 * The backend for a profile's choice. `none` only when chosen. `auto` and `bwrap` use bwrap once a probe
 * has run a command in it (cached per process and options); otherwise they return a backend whose status
 * is `unavailable` and which refuses every command with the reason, never falling back to `none`.
 */
export async function selectBackend(choice: SandboxChoice, options: { bwrap?: BwrapOptions } = {}) {
  if (choice === 'none') return createNoneBackend();
  if (choice !== 'auto' && choice !== 'bwrap') {
    return unavailableBackend(`Unknown sandbox ${JSON.stringify(choice)}: choose 'auto', 'bwrap' or 'none'.`);
  }
  const backend = createBwrapBackend(options.bwrap);
  const status = backend.status();
  const reason =
    status.state === 'unavailable' ? status.reason : (await probeBwrap(backend, options.bwrap)).reason;
  if (reason === undefined) return backend;
  return unavailableBackend(
    choice === 'auto'
      ? `No OS sandbox is available, so commands are refused: ${reason} Install bubblewrap (and allow unprivileged user namespaces), or choose sandbox 'none' to run commands without one.`
      : `The bwrap sandbox this profile requires is unavailable, so commands are refused: ${reason}`,
  );
}

/** A backend that refuses every command with the reason it gave for being unavailable. */
export function unavailableBackend(reason: string): SandboxBackend {
  const status: BackendStatus = { state: 'unavailable', reason };
  return {
    name: 'bwrap',
    status: () => status,
    wrap: async () => ({ ok: false, errorClass: 'permission_denied', message: reason }),
  };
}

const probes = new Map<string, Promise<{ reason?: string }>>();

/** Forget cached probe results (tests; after installing bubblewrap). */
export function clearBackendProbes(): void {
  probes.clear();
}

/** Run `true` in the sandbox exactly as a command would run; the reason is bwrap's own complaint. */
export function probeBwrap(
  backend: SandboxBackend,
  options: BwrapOptions = {},
): Promise<{ reason?: string }> {
  const key = JSON.stringify(options);
  let probe = probes.get(key);
  if (!probe) {
    probe = runProbe(backend);
    probes.set(key, probe);
  }
  return probe;
}

async function runProbe(backend: SandboxBackend): Promise<{ reason?: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'handrail-probe-'));
  await fs.chmod(dir, 0o755);
  const runDir = await createRunDir([]);
  try {
    const wrapped = await backend.wrap(
      {
        argv: ['true'],
        env: { PATH: '/usr/bin:/bin', HOME: runDir.home },
        cwd: dir,
        runDir: runDir.root,
        home: runDir.home,
        tmp: runDir.tmp,
        tty: false,
        rlimits: resolveRlimits(),
      },
      { roots: [{ path: dir, access: 'read' }], network: false },
    );
    if (!wrapped.ok) return { reason: wrapped.message };
    try {
      return await runOnce(wrapped.argv, wrapped.env, wrapped.cwd);
    } finally {
      await wrapped.release();
    }
  } catch (error) {
    return { reason: (error as Error).message };
  } finally {
    await runDir.remove();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function runOnce(argv: string[], env: Record<string, string>, cwd: string): Promise<{ reason?: string }> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { env, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ reason: `bwrap could not be started: ${error.message}.` });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({});
      const said = stderr.trim().replace(/\s+/g, ' ');
      resolve({
        reason: `a test command in bwrap failed (${signal ? `signal ${signal}` : `exit code ${code}`})${said ? `: ${said}` : ''}.`,
      });
    });
  });
}
