import type { SandboxBackend } from '../process/backend-types.js';
import { type RunAs } from './identity.js';
export interface BwrapOptions {
    /** Path to bwrap (default: found in the system directories). */
    bwrapPath?: string;
    /** Who commands run as when handrail is root (see `chooseIdentity`); default 'auto'. */
    runAs?: RunAs;
    /** Host directories shown read-only (default: /usr, /bin, /sbin, /lib*, /etc, /opt). */
    systemPaths?: readonly string[];
    /** More host directories shown read-only (a toolchain under /nix or /home/me/.cargo, say). */
    readOnlyPaths?: readonly string[];
    /** Size of the command's private /tmp (a tmpfs, so it counts against memory); default 1 GiB. */
    tmpSizeBytes?: number;
    /**
     * Entries walked to find deny-read and protected paths; a command in roots holding more is refused (deny-read
     * paths named without wildcards need no walk). Default 1,000,000.
     */
    maxScanEntries?: number;
    /** Hold missing protected names at the top of writable roots with read-only placeholders; default true. */
    placeholders?: boolean;
    /** After each command, look for protected paths it created deeper down (and report them); default true. */
    audit?: boolean;
}
/**
 * The bubblewrap backend: a fresh mount namespace showing the system read-only, the roots as the file
 * policy says, deny-read paths hidden, protected paths read-only; new user, PID, IPC, UTS, cgroup and
 * (unless the profile allows the network) network namespaces; a fresh /proc, /dev and /tmp; no further
 * user namespaces; killed with its parent. The command's environment is bwrap's own environment (already
 * filtered), so nothing reaches bwrap's argv, which any process in the sandbox can read at /proc/1/cmdline.
 */
export declare function createBwrapBackend(options?: BwrapOptions): SandboxBackend;
