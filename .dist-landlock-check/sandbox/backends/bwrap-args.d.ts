import type { FileRoot } from '../file-policy-types.js';
import type { SandboxIdentity } from '../process/backend-types.js';
import type { Mask } from './scan.js';
/** Everything that decides a bwrap command line. */
export interface BwrapLayout {
    bwrap: string;
    identity: SandboxIdentity;
    network: boolean;
    tty: boolean;
    /** Read-only system mounts (from `systemMountArgs`). */
    system: string[];
    extraReadOnly: readonly string[];
    /** Mounts that make name resolution work when the network is shared. */
    resolver: string[];
    tmpSizeBytes: number;
    home: string;
    /** The command proxy's unix socket (network.commands), shown at its own path (see network/bridge.ts). */
    proxySocket?: string;
    roots: readonly FileRoot[];
    /** Paths bound read-only over themselves: existing protected paths and placeholders. */
    readOnly: readonly string[];
    masks: readonly Mask[];
    /** An empty file nobody may read, bound over denied files. */
    deniedFile: string;
    cwd: string;
    /** What runs inside: rlimit wrapper and the shell. */
    command: readonly string[];
    /** `mapped-root` only: a directory of private device nodes (see root-devices.ts) bound over bwrap's. */
    devices?: string;
}
/**
 * Parts of /proc a command running as uid 0 without capabilities could still write, since the kernel lets
 * the owner (uid 0) write them without asking for a capability: sysctls (kernel.core_pattern runs a program
 * as host root), sysrq-trigger, and the driver and file system tunables. Bound read-only from the host
 * (sysctls answer for the namespaces of the reader, so the values are the sandbox's own).
 */
export declare const PROC_READ_ONLY: readonly string[];
/**
 * bwrap's argv. Mount order matters: the system, /proc, /dev and /tmp first, then HOME, then the roots
 * (outer before nested), then read-only and masked paths inside them (outer before nested), so every mount
 * lands on top of the one that contains it.
 */
export declare function bwrapArgs(layout: BwrapLayout): string[];
/** setpriv in front of bwrap: root drops to the sandbox user (and its group only) before bwrap starts. */
export declare function dropTo(setpriv: string, identity: SandboxIdentity): string[];
