// The runtime's side of the shell: one sandbox backend (selected lazily, once), one session cap shared by
// every turn, and a fresh session manager per turn — handed to the shell tools as the `shell` capability,
// configured where the tools are made (`shellTools({ sandbox, process, sessions })`).
import type { RuntimeOptions } from '../../core/index.js';
import {
  type FilePolicyConfig,
  type ProcessProfile,
  type SandboxBackend,
  type SandboxChoice,
  selectBackend,
} from '../../sandbox/index.js';
import type { CapabilityProvider } from '../../types/index.js';
import { SessionLimit, SessionManager } from './session/index.js';

/** What a turn gives shell tools: the sandbox (chosen on first use), the profile and its sessions. */
export interface ShellCapability {
  /** The sandbox backend, selected (and probed) on the first call, then cached for the runtime. */
  backend(): Promise<SandboxBackend>;
  profile: ProcessProfile;
  /** The parts of the file policy the OS sandbox enforces. */
  filePolicy: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'stateDir'>;
  /** This turn's sessions; closed (every process tree killed) when the turn ends. */
  sessions: SessionManager;
  /** Called by the turn when it ends. */
  dispose(): Promise<void>;
}

/** Session limits a runtime may set (defaults: 64 sessions, 1 MiB buffers, 10 min idle, 1 h in all). */
export interface SessionSettings {
  max?: number;
  bufferBytes?: number;
  idleMs?: number;
  lifetimeMs?: number;
}

/** The shell tools' own settings: `shellTools({ sandbox, process, sessions })`. */
export interface ShellToolsOptions {
  /** The OS sandbox for commands (default 'auto': bwrap where it works, otherwise commands are refused). */
  sandbox?: SandboxChoice;
  /** The process profile for commands: network, timeouts, extra environment, rlimits. */
  process?: Partial<ProcessProfile>;
  /** Sessions: `max` (64, runtime-wide), `bufferBytes` (1 MiB), `idleMs` (10 min), `lifetimeMs` (1 h). */
  sessions?: SessionSettings;
}

// Today's shape still works: `createRuntime({ sandbox, process, sessions, tools: builtinTools() })`. The
// keys belong to the shell tools, so they are declared here and merged into the runtime's options.
declare module '../../core/runtime.js' {
  interface RuntimeOptions extends ShellToolsOptions {}
}

export interface ShellRuntimeOptions extends ShellToolsOptions {
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

/** The `shell` capability as the shell tools declare it. */
export type ShellProvider = CapabilityProvider<'shell', ShellCapability>;

/**
 * The shell tools' capability provider: the runtime creates it once and hands each turn `ctx.capabilities
 * .shell`. Settings given here win; without them it reads `sandbox`, `process` and `sessions` from the
 * runtime's options. The file policy (`denyRead`, `protectedPaths`, the state directory) and the profile's
 * read-only sandbox are the runtime's, whatever the tools say.
 */
export function shellProvider(settings?: ShellToolsOptions): ShellProvider {
  return {
    key: 'shell',
    create(host) {
      // The one place runtime options are read back from the host: the fallback for today's shape.
      const options = host.options as RuntimeOptions;
      const own = settings ?? options;
      const process: Partial<ProcessProfile> = {
        ...own.process,
        // A read_only runtime turns the command network off, whatever the family asked for.
        ...(host.readOnly ? { network: false } : {}),
      };
      const shell = createShellRuntime({
        ...(own.sandbox ? { sandbox: own.sandbox } : {}),
        process,
        ...(own.sessions ? { sessions: own.sessions } : {}),
        filePolicy: {
          stateDir: host.stateDir,
          ...(options.denyRead ? { denyRead: options.denyRead } : {}),
          ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
        },
      });
      return { forTurn: () => shell.forTurn(), close: () => shell.close() };
    },
  };
}

/** The provider the shell tools use when made without settings (one per process, shared by key). */
export const defaultShellProvider: ShellProvider = shellProvider();
