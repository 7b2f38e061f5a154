import type { ErrorClass } from '../../types/index.js';
import type { FileAccess, FilePolicyConfig } from '../file-policy-types.js';
import type { SandboxBackend, SandboxInfo } from './backend-types.js';
import type { Rlimits } from './rlimits.js';

/** What a model (through a tool) asks to run. */
export interface ProcessSpawnInput {
  /** A shell command line (run with `shell`). Exactly one of `cmd` and `argv`. */
  cmd?: string;
  /**
   * A program and its arguments, run directly, without a shell. `argv[0]` without a slash is looked up on the
   * PATH the command sees; with one, it is resolved against the working directory. Exactly one of `cmd` and
   * `argv`.
   */
  argv?: string[];
  /**
   * 'call' (default): the command ends within its timeout. 'service': a long-lived process (a stdio server)
   * with no wall-clock timeout, stopped by its caller (`kill()` or the AbortSignal).
   */
  lifetime?: 'call' | 'service';
  /** Directory to run in (default: the turn's cwd); must pass the file policy as a readable directory. */
  workdir?: string;
  /** bash (default), sh, dash or zsh. */
  shell?: string;
  /** Variables the model sets; dangerous or secret-looking names are refused. */
  env?: Record<string, string>;
  /** Wall-clock limit, capped by the profile ('call' only). */
  timeoutMs?: number;
  /** Run in a pseudo-terminal (the caller's spawner provides it); stdin is then open. */
  tty?: boolean;
  /** 'closed' (default): stdin is /dev/null. 'pipe': the caller may write to it (sessions). */
  stdin?: 'closed' | 'pipe';
}

/** The process part of a permission profile. */
export interface ProcessProfile {
  /** Timeout when the call gives none (default 60 s). */
  timeoutDefaultMs?: number;
  /** Largest timeout a call may ask for (default 10 min). */
  timeoutCapMs?: number;
  /** Variables every command receives (trusted configuration: not filtered). */
  extraEnv?: Record<string, string>;
  /** Whether commands may use the network (bwrap shares the host network only then). */
  network: boolean;
  rlimits?: Partial<Rlimits>;
}

/**
 * Opens a command's own entrance to handrail's network proxy (`network.commands`): a listener on a unix socket
 * at `socket`, closed (with its connections) once the command has ended.
 */
export type CommandProxyOpener = (socket: string) => Promise<{ close(): Promise<void> }>;

export interface ProcessSpawnContext {
  files: FileAccess;
  profile: ProcessProfile;
  backend: SandboxBackend;
  /**
   * The network proxy, when commands may use the network through it (and `profile.network` is false). Used
   * only with a backend that `acceptsProxy`; the command then gets the proxy variables.
   */
  proxy?: CommandProxyOpener;
  /** The parts of the file policy `FileAccess` does not expose, for the OS sandbox to enforce. */
  filePolicy?: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'protectedFiles' | 'stateDir'>;
  /** handrail's environment, from which only the allowlist is read (default: process.env). */
  hostEnv?: NodeJS.ProcessEnv;
  /**
   * Host paths (files or directories) the command may read although they lie outside the roots: a program's
   * own files (see `programReadPaths`). Shown read-only; deny-read paths and handrail's state stay hidden in
   * them. Trusted configuration, never the model's: missing and too broad paths are left out with a note.
   */
  readPaths?: readonly string[];
}

/** Everything needed to start one command; spawn `argv` with `env` in `cwd`. */
export interface ProcessSpawnPlan {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /** The wall-clock limit; `Infinity` for a 'service' (no timer is set). */
  timeoutMs: number;
  stdin: 'closed' | 'pipe';
  tty: boolean;
  /** The command as it runs inside the sandbox: its own argv, environment and working directory. */
  command: { argv: string[]; env: Record<string, string>; cwd: string };
  sandbox: SandboxInfo;
  /** A random id carried in the command's environment, so its processes can be found and killed. */
  runId: string;
  /** Adjustments made to the request (a timeout capped, for instance), for the caller to report. */
  notes: string[];
  /** Remove the run's HOME and temporary directory and undo host-side sandbox setup; idempotent. */
  cleanup(): Promise<string[]>;
  /**
   * While the command runs (a service, between its calls): the look at what it has left in the roots that
   * `cleanup()` takes at its end — protected paths it created are told, git settings and hooks it added are
   * removed. Only what is new since the last look; safe to call any time and often; [] once cleaned up.
   */
  audit(): Promise<string[]>;
}

export type ProcessSpawnPlanResult =
  | { ok: true; plan: ProcessSpawnPlan }
  | { ok: false; errorClass: ErrorClass; message: string };
