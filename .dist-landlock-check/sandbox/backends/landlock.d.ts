import type { SandboxBackend } from '../process/backend-types.js';
import { type RunAs } from './identity.js';
export interface LandlockOptions {
    /** The helper program (default: the one built at install, native/landlock/build/handrail-landlock). */
    helperPath?: string;
    /** Who commands run as when handrail is root (see `chooseIdentity`); default 'auto'. */
    runAs?: RunAs;
    /** Host directories readable (default: /usr, /bin, /sbin, /lib*, /etc, /opt). */
    systemPaths?: readonly string[];
    /** More host directories readable (a toolchain under /nix or /home/me/.cargo, say). */
    readOnlyPaths?: readonly string[];
    /** Entries walked to find deny-read and protected paths (as bwrap's); default 1,000,000. */
    maxScanEntries?: number;
    /** After each command, look for protected paths it created deeper down (and report them); default true. */
    audit?: boolean;
}
/**
 * The Landlock backend, for where bubblewrap cannot run (no unprivileged user namespaces: default Docker
 * containers, hardened kernels). A helper applies a Landlock ruleset to the command: the system and read
 * roots readable, writable roots and the run directory writable, protected paths read-only, deny-read
 * paths closed, nothing else reachable; no new privileges; TCP denied by Landlock (ABI 4+) and every socket
 * but socketpair() by seccomp unless the profile allows the network; signals and abstract sockets scoped to
 * the sandbox (ABI 6+). It stays the command's subreaper and kills what the command leaves running. No
 * namespaces: the command sees the host's /tmp, /proc and /dev (and may use only what it is granted there).
 */
export declare function createLandlockBackend(options?: LandlockOptions): SandboxBackend;
