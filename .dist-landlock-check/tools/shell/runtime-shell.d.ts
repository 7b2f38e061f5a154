import { type CommandProxyOpener, type CommandProxyOptions, type FilePolicyConfig, NetworkPolicy, type ProcessProfile, type RunAs, type SandboxBackend, type SandboxChoice } from '../../sandbox/index.js';
import type { CapabilityHost, CapabilityProvider } from '../../types/index.js';
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
declare module '../../core/runtime.js' {
    interface RuntimeOptions extends ShellToolsOptions {
    }
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
    filePolicy: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'stateDir'>;
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
export declare function createShellRuntime(options: ShellRuntimeOptions): ShellRuntime;
/** The `shell` capability as the shell tools declare it. */
export type ShellProvider = CapabilityProvider<'shell', ShellCapability>;
/**
 * The shell tools' capability provider: the runtime creates it once and hands each turn `ctx.capabilities
 * .shell`. Settings given here win; without them it reads `sandbox`, `runAs`, `process` and `sessions` from the
 * runtime's options. The file policy (`denyRead`, `protectedPaths`, the state directory) and the profile's
 * read-only sandbox are the runtime's, whatever the tools say.
 */
export declare function shellProvider(settings?: ShellToolsOptions): ShellProvider;
/** The provider the shell tools use when made without settings (one per process, shared by key). */
export declare const defaultShellProvider: ShellProvider;
