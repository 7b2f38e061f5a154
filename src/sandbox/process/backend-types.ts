// The contract between the spawn plan and an OS sandbox: the command a backend wraps, the policy it
// enforces, and what it hands back. Defined beside the plan that calls `wrap`, so the backends (../backends/)
// depend on process/ and never the reverse.
import type { ErrorClass } from '../../types/index.js';
import type { FileRoot } from '../file-policy-types.js';
import type { CommandProxyEndpoint } from '../network/index.js';
import type { Rlimits } from './rlimits.js';

/** Whether a backend can run commands, and if it runs them with less protection than it should, why. */
export interface BackendStatus {
  state: 'ready' | 'degraded' | 'unavailable';
  reason?: string;
}

/** The user a sandboxed command runs as, and how that was decided. */
export interface SandboxIdentity {
  /**
   * `self`: handrail is not root and the command runs as handrail's own user. `owner`: handrail is root and
   * the command runs as the (non-root) owner of the writable roots. `explicit`: the uid the backend was
   * configured with. `nobody`: handrail is root and nothing non-root owns the writable roots, so the command
   * runs as uid 65534 and cannot write root-owned files. `mapped-root`: opted into with `runAs: 'root'`;
   * uid 0 outside a user namespace, no capabilities, closed only by the mount namespace.
   */
  mode: 'self' | 'owner' | 'explicit' | 'nobody' | 'mapped-root';
  /** uid and gid outside the sandbox (what the kernel checks files against). */
  uid: number;
  gid: number;
}

/** What a backend reports about one wrapped command. */
export interface SandboxInfo {
  backend: 'bwrap' | 'landlock' | 'none';
  /** True when the command runs without an OS sandbox: every result from it must say so. */
  unsandboxed: boolean;
  identity?: SandboxIdentity;
  /** Why this command has less protection or less ability than the profile asked for, when it does. */
  degraded?: string;
  /** Facts a caller may show: limits that could not be enforced, paths left out, and so on. */
  notes: string[];
}

/** The file and network policy a backend enforces around one command. */
export interface SandboxPolicy {
  /** Canonical roots (as `FileAccess.roots`). */
  roots: readonly FileRoot[];
  /** Deny-read globs of the file policy (canonical absolute paths, or paths relative to a root). */
  denyRead?: readonly string[];
  /** Extra protected globs (relative to each writable root), on top of the built-in list. */
  protectedPaths?: readonly string[];
  /** Absolute paths kept read-only at any depth, existing or not (the runtime's policy and store files). */
  protectedFiles?: readonly string[];
  /** handrail's state directory: read-only when it lies inside a writable root. */
  stateDir?: string;
  /**
   * Host paths outside the roots shown read-only (a program's own files; canonical, existing, none inside a
   * root or another). Deny-read paths in them stay hidden, and so does the state directory.
   */
  readPaths?: readonly string[];
  /** The host's network, shared as it is (`process.network: true`). */
  network: boolean;
  /**
   * With `network` false: the command reaches the network only through handrail's proxy, whose unix socket
   * the backend shows inside the sandbox, serving it on the sandbox's 127.0.0.1:`port` (see
   * network/bridge.ts). Given only to a backend that says `acceptsProxy`.
   */
  proxy?: CommandProxyEndpoint;
}

/** The command a backend wraps: what runs inside the sandbox, exactly as it should see the world. */
export interface SandboxCommand {
  argv: string[];
  env: Record<string, string>;
  /** Canonical working directory (inside a root). */
  cwd: string;
  /** The run's private directory (outside the writable roots) holding `home` and `tmp`. */
  runDir: string;
  /** The per-run HOME directory, bound read-write. */
  home: string;
  /** The per-run temporary directory the `none` backend uses as TMPDIR. */
  tmp: string;
  tty: boolean;
  rlimits: Rlimits;
}

export type WrapResult =
  | {
      ok: true;
      /** What to spawn: `argv[0]` with `argv.slice(1)`, this environment and this cwd. */
      argv: string[];
      env: Record<string, string>;
      cwd: string;
      /** The environment the command sees (may differ from `env` when the backend rewrites it). */
      commandEnv: Record<string, string>;
      sandbox: SandboxInfo;
      /**
       * Undo what wrapping set up on the host (placeholders) once the command has ended, and return notes on
       * what the command did that the policy should report (protected paths it created); idempotent.
       */
      release(): Promise<string[]>;
      /**
       * Take, while the command still runs (a service between two calls), the look `release()` takes at
       * its end: report protected paths it has created and remove what it added for git to run on the host.
       * Returns only what is new since the last look; looks run one at a time; [] once released. Absent: the
       * backend has nothing to look at.
       */
      audit?(): Promise<string[]>;
    }
  | { ok: false; errorClass: ErrorClass; message: string };

/** An OS sandbox: wraps a command's argv and environment so that it runs under a policy. */
export interface SandboxBackend {
  readonly name: 'bwrap' | 'landlock' | 'none';
  status(): BackendStatus;
  /**
   * Whether `wrap` honours `policy.proxy`: the command gets no network of its own and reaches the proxy on
   * its loopback. A backend without it never gets a proxy (the plan says the network is not policed).
   */
  readonly acceptsProxy?: boolean;
  wrap(command: SandboxCommand, policy: SandboxPolicy): Promise<WrapResult>;
}
