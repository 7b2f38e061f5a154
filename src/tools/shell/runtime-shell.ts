// The runtime's side of the shell: one sandbox backend (selected lazily, once), one session cap shared by
// every turn, a fresh session manager per turn, and — when `network.commands` is on — the network proxy
// commands reach the network through, handed to the shell tools as the `shell` capability, configured where
// the tools are made (`shellTools({ sandbox, process, sessions })`).
import type { RuntimeOptions } from '../../core/index.js';
import {
  CommandProxy,
  type CommandProxyOpener,
  type CommandProxyOptions,
  type FilePolicyConfig,
  type NetworkConfig,
  NetworkPolicy,
  type ProcessProfile,
  type ProxyListener,
  type ProxyRecord,
  type RunAs,
  resolveNetworkConfig,
  type SandboxBackend,
  type SandboxChoice,
  selectBackend,
} from '../../sandbox/index.js';
import type { CapabilityHost, CapabilityProvider } from '../../types/index.js';
import { SessionLimit, SessionManager } from './session/index.js';

/** What a turn gives shell tools: the sandbox (chosen on first use), the profile and its sessions. */
export interface ShellCapability {
  /** The sandbox backend, selected (and probed) on the first call, then cached for the runtime. */
  backend(): Promise<SandboxBackend>;
  profile: ProcessProfile;
  /** The parts of the file policy the OS sandbox enforces. */
  filePolicy: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'protectedFiles' | 'stateDir'>;
  /** This turn's sessions; closed (every process tree killed) when the turn ends. */
  sessions: SessionManager;
  /** The network proxy for this turn's commands (`network.commands`); absent when commands have no network. */
  network?: CommandNetwork;
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

/** The shell tools' own settings: `shellTools({ sandbox, runAs, process, sessions })`. */
export interface ShellToolsOptions {
  /**
   * The OS sandbox for commands (default 'auto': bwrap where it works, else Landlock, otherwise commands are
   * refused; 'bwrap' or 'landlock' requires that one; 'none' runs commands without one).
   */
  sandbox?: SandboxChoice;
  /**
   * Who commands run as when handrail runs as root (default 'auto': the owner of the writable roots, or uid
   * 0 without capabilities on a root-owned workspace); 'root' always the latter; `{ uid, gid }` that user.
   */
  runAs?: RunAs;
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

/** The ids of the tool call that started a command: its proxy's events carry them. */
export interface CallIds {
  threadId: string;
  turnId: string;
  callId?: string;
}

/** A turn's share of the network proxy: an entrance per command, whose requests are reported as events. */
export interface CommandNetwork {
  /** The opener the spawn plan calls for one command started by this call. */
  opener(ids: CallIds): CommandProxyOpener;
}

/** Commands reach the network through handrail's proxy, under this policy; each request is reported. */
export interface CommandNetworkOptions extends CommandProxyOptions {
  policy: NetworkPolicy;
  /** Where each request goes (the runtime's event stream: `sandbox/network/request`). */
  emit?: CapabilityHost['emit'];
}

export interface ShellRuntimeOptions extends ShellToolsOptions {
  filePolicy: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'protectedFiles' | 'stateDir'>;
  /** The command network proxy; without it commands have no network (or the host's, with `process.network`). */
  commandNetwork?: CommandNetworkOptions;
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
    selected ??= selectBackend(choice, options.runAs !== undefined ? { runAs: options.runAs } : {});
    return selected;
  };
  const { policy, emit, ...proxyLimits } = options.commandNetwork ?? {};
  // One proxy for the runtime (its connection cap counts every command), listening only while commands run.
  const proxy = policy && !profile.network ? new CommandProxy(policy, proxyLimits) : undefined;
  return {
    limit,
    forTurn() {
      const sessions = new SessionManager({
        limit,
        ...(settings.bufferBytes ? { bufferBytes: settings.bufferBytes } : {}),
        ...(settings.idleMs ? { idleMs: settings.idleMs } : {}),
        ...(settings.lifetimeMs ? { lifetimeMs: settings.lifetimeMs } : {}),
      });
      const listeners = new Set<ProxyListener>();
      const network: CommandNetwork | undefined = proxy && {
        opener: (ids) => async (socket) => {
          const listener = await proxy.listen(socket, (record) =>
            emit?.('sandbox/network/request', ids, recordPayload(record)),
          );
          listeners.add(listener);
          return {
            close: async () => {
              listeners.delete(listener);
              await listener.close();
            },
          };
        },
      };
      return {
        backend,
        profile,
        filePolicy: options.filePolicy,
        sessions,
        ...(network ? { network } : {}),
        // The turn's commands are killed, and whatever proxy entrance is left with them is closed.
        dispose: async () => {
          await sessions.closeAll();
          await Promise.allSettled([...listeners].map((listener) => listener.close()));
        },
      };
    },
    close: async () => {
      await limit.closeAll();
      await proxy?.close();
    },
  };
}

/** A proxy record as an event payload. */
function recordPayload(record: ProxyRecord): Record<string, unknown> {
  const { kind: _kind, ...payload } = record;
  return payload;
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
 * .shell`. Settings given here win; without them it reads `sandbox`, `runAs`, `process` and `sessions` from the
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
      const commandNetwork = host.readOnly ? undefined : policedNetwork(options.network, process, host);
      const shell = createShellRuntime({
        ...(own.sandbox ? { sandbox: own.sandbox } : {}),
        ...(own.runAs !== undefined ? { runAs: own.runAs } : {}),
        process,
        ...(own.sessions ? { sessions: own.sessions } : {}),
        ...(commandNetwork ? { commandNetwork } : {}),
        filePolicy: {
          stateDir: host.stateDir,
          ...(options.denyRead ? { denyRead: options.denyRead } : {}),
          ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
          ...(host.protectedFiles ? { protectedFiles: [...host.protectedFiles] } : {}),
        },
      });
      return { forTurn: () => shell.forTurn(), close: () => shell.close() };
    },
  };
}

/**
 * The command network when the runtime's `network.commands` asks for it: the web tools' policy (the same
 * settings, checked the same way), reporting through the runtime's event stream.
 */
function policedNetwork(
  network: NetworkConfig | undefined,
  process: Partial<ProcessProfile>,
  host: CapabilityHost,
): CommandNetworkOptions | undefined {
  if (network?.commands !== true) return undefined;
  if (process.network === true) {
    throw new RangeError(
      "Invalid handrail shell settings: process.network: true gives commands the host's network unpoliced, while network.commands: true sends them through handrail's proxy under the network policy; choose one.",
    );
  }
  return {
    policy: new NetworkPolicy(resolveNetworkConfig(network)),
    ...(host.emit ? { emit: host.emit } : {}),
  };
}

/** The provider the shell tools use when made without settings (one per process, shared by key). */
export const defaultShellProvider: ShellProvider = shellProvider();
