// The runtime's side of the shell: one sandbox backend (selected lazily, once), one session cap shared by
// every turn, and a fresh session manager per turn.
import { type SandboxChoice, selectBackend } from '../../sandbox/backends/index.js';
import type { SandboxBackend } from '../../sandbox/backends/types.js';
import type { FilePolicyConfig } from '../../sandbox/file-policy-types.js';
import type { ProcessProfile } from '../../sandbox/process/types.js';
import type { CapabilityProvider } from '../../types/index.js';
import type { ShellCapability } from './context.js';
import { SessionLimit, SessionManager } from './session/index.js';

/** Session limits a runtime may set (defaults: 64 sessions, 1 MiB buffers, 10 min idle, 1 h in all). */
export interface SessionSettings {
  max?: number;
  bufferBytes?: number;
  idleMs?: number;
  lifetimeMs?: number;
}

export interface ShellRuntimeOptions {
  sandbox?: SandboxChoice;
  process?: Partial<ProcessProfile>;
  sessions?: SessionSettings;
  filePolicy: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'stateDir'>;
}

export interface ShellRuntime {
  readonly limit: SessionLimit;
  /** A capability for one turn, with its own session manager. */
  forTurn(): ShellCapability;
  /** Kill every session of every turn (runtime.close()). */
  close(): Promise<void>;
}

export function createShellRuntime(options: ShellRuntimeOptions): ShellRuntime {
  const choice = options.sandbox ?? 'auto';
  const profile: ProcessProfile = { ...options.process, network: options.process?.network === true };
  const settings = checkedSessionSettings(options.sessions ?? {});
  const limit = new SessionLimit(settings.max === undefined ? {} : { max: settings.max });
  let selected: Promise<SandboxBackend> | undefined;
  const backend = () => {
    selected ??= selectBackend(choice);
    return selected;
  };
  return {
    limit,
    forTurn() {
      const sessions = new SessionManager({
        limit,
        ...(settings.bufferBytes ? { bufferBytes: settings.bufferBytes } : {}),
        ...(settings.idleMs ? { idleMs: settings.idleMs } : {}),
        ...(settings.lifetimeMs ? { lifetimeMs: settings.lifetimeMs } : {}),
      });
      return {
        backend,
        profile,
        filePolicy: options.filePolicy,
        sessions,
        dispose: () => sessions.closeAll(),
      };
    },
    close: () => limit.closeAll(),
  };
}

/** Positive integers only; a bad value is a programmer error, reported with every problem. */
function checkedSessionSettings(settings: SessionSettings): SessionSettings {
  const problems = Object.entries(settings)
    .filter(([, v]) => v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v > 0))
    .map(([k, v]) => `sessions.${k} must be a positive integer (got ${String(v)})`);
  if (problems.length > 0) throw new RangeError(`Invalid handrail session settings: ${problems.join('; ')}.`);
  return settings;
}

/**
 * The shell tools' capability provider: the runtime creates it once and hands each turn `ctx.capabilities
 * .shell`. It reads `sandbox`, `process`, `denyRead` and `protectedPaths` from the runtime options.
 */
export const shellCapabilityProvider: CapabilityProvider = {
  key: 'shell',
  create(host) {
    const options = host.options as {
      sandbox?: SandboxChoice;
      process?: Partial<ProcessProfile>;
      sessions?: SessionSettings;
      denyRead?: string[];
      protectedPaths?: string[];
    };
    const shell = createShellRuntime({
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      ...(options.process ? { process: options.process } : {}),
      ...(options.sessions ? { sessions: options.sessions } : {}),
      filePolicy: {
        stateDir: host.stateDir,
        ...(options.denyRead ? { denyRead: options.denyRead } : {}),
        ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
      },
    });
    return { forTurn: () => shell.forTurn(), close: () => shell.close() };
  },
};
