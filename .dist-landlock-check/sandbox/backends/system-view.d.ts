import type { FileRoot } from '../file-policy-types.js';
import type { Mask } from './scan.js';
/** The host directories a sandboxed command sees, read-only: programs, libraries and configuration. */
export declare const DEFAULT_SYSTEM_PATHS: readonly string[];
type SystemMounts = {
    args: string[];
    shown: string[];
};
/**
 * bwrap arguments that show the system paths read-only. A merged-/usr link (`/bin -> usr/bin`) is
 * recreated as a link; any other link is bound at its target. Missing paths are skipped. Worked out once
 * per process and list: the layout of / does not change under a running program.
 */
export declare function systemMountArgs(paths: readonly string[]): Promise<SystemMounts>;
/** What a command running as uid 0 without capabilities must not see, and how complete the search was. */
export interface RootOnlyScan {
    /** Entries owned by uid or gid 0 that others may not read (files) or enter (directories), outermost. */
    masks: Mask[];
    /** False when the walk stopped at its limit, or failed: deeper root-only entries may be readable. */
    complete: boolean;
    /** How long the search took (once per process and list, then cached). */
    ms: number;
}
/** The search is redone after this long, for root-only files created while handrail runs. */
export declare const ROOT_ONLY_TTL_MS: number;
/**
 * The entries of the sandbox's view that only root may read: files owned by uid 0 or gid 0 without the
 * read bit for others (/etc/shadow, /etc/gshadow, private keys under /etc/ssl/private, a 0600 sudoers
 * drop-in), directories owned by uid 0 or gid 0 that others may not enter (/etc/polkit-1/rules.d, a 0700
 * /root shown through readOnlyPaths). A command that runs as uid 0 without capabilities (`mapped-root`)
 * would pass the kernel's permission checks on them as their owner; the sandbox hides them instead. Files
 * of other users (a 0700 home) need no mask: without CAP_DAC_OVERRIDE uid 0 is an ordinary stranger there.
 *
 * `visible` is the list of host paths the sandbox shows (system and extra read-only paths). Searched with
 * `find` (one process, about 0.5 s for 140,000 entries with a warm cache), or walked in JavaScript where
 * there is no find; cached per process and list for ROOT_ONLY_TTL_MS.
 */
export declare function rootOnlyEntries(visible: readonly string[]): Promise<RootOnlyScan>;
/** Forget the cached searches (tests). */
export declare function clearRootOnlyCache(): void;
/**
 * The masks that apply to one command: a mask inside a root gives way to the root (the policy shows the
 * roots); a masked directory that contains a root is replaced by masks of everything beside the way down to
 * that root, so the root stays reachable and the rest stays hidden.
 */
export declare function masksOutsideRoots(masks: readonly Mask[], roots: readonly FileRoot[]): Promise<Mask[]>;
export declare function procRootOnlyFiles(): Mask[];
export {};
