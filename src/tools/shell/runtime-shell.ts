// The runtime's side of the shell: one sandbox backend (selected lazily, once), one session cap shared by
// every turn, and a fresh session manager per turn.
import { type SandboxChoice, selectBackend } from '../../sandbox/backends/index.js';
import type { SandboxBackend } from '../../sandbox/backends/types.js';
import type { FilePolicyConfig } from '../../sandbox/file-policy-types.js';
import type { ProcessProfile } from '../../sandbox/process/types.js';
import type { CapabilityProvider } from '../../types/index.js';
import type { ShellCapability } from './context.js';
import { SessionLimit, SessionManager } from './session/index.js';

export interface ShellRuntimeOptions {
  sandbox?: SandboxChoice;
  process?: Partial<ProcessProfile>;
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
  const limit = new SessionLimit();
  let selected: Promise<SandboxBackend> | undefined;
  const backend = () => {
    selected ??= selectBackend(choice);
    return selected;
  };
  return {
    limit,
    forTurn() {
      const sessions = new SessionManager({ limit });
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
      denyRead?: string[];
      protectedPaths?: string[];
    };
    const shell = createShellRuntime({
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      ...(options.process ? { process: options.process } : {}),
      filePolicy: {
        stateDir: host.stateDir,
        ...(options.denyRead ? { denyRead: options.denyRead } : {}),
        ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
      },
    });
    return { forTurn: () => shell.forTurn(), close: () => shell.close() };
  },
};
