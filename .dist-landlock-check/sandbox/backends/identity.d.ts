import type { FileRoot } from '../file-policy-types.js';
import type { SandboxIdentity } from '../process/backend-types.js';
export declare const NOBODY = 65534;
/** Who commands run as when handrail is root: the default, an explicit uid, or uid 0 without capabilities. */
export type RunAs = 'auto' | 'root' | {
    uid: number;
    gid: number;
};
export interface IdentityChoice {
    identity: SandboxIdentity;
    /** Set when the choice costs protection or ability. */
    degraded?: string;
}
/**
 * Choose the uid a sandboxed command runs as.
 *
 * Not root: handrail's own uid (bwrap maps it into an unprivileged user namespace). Root: a user namespace
 * does not change the uid the kernel checks files against (bwrap's `--uid 65534` as root still reads
 * /etc/shadow), and without idmapped mounts (bwrap 0.8 has none) a uid can write a directory only if the
 * directory's permissions let it, so:
 *  - writable roots that all belong to one non-root user → run as that user: roots writable, every
 *    root-only file outside them closed by the kernel;
 *  - no writable roots → run as nobody: nothing to write, everything root-only closed by the kernel
 *    (unless nobody cannot read the roots: then as below);
 *  - otherwise (a root-owned workspace: Docker, dev containers, CI) → `mapped-root`: uid 0 in a user
 *    namespace with every capability dropped and no new privileges. The roots are writable; what only root
 *    may read outside them is hidden by the mount namespace (see `rootOnlyEntries`), what only root may
 *    write there is read-only (the system view, /proc/sys, private device nodes), and a pids cgroup bounds
 *    the process count, which RLIMIT_NPROC does not for uid 0.
 *  - `runAs: 'root'` chooses `mapped-root` whoever owns the roots; `{ uid, gid }` runs as that user.
 */
export declare function chooseIdentity(roots: readonly FileRoot[], runAs: RunAs, euid: number, egid: number): IdentityChoice;
/**
 * Whether `uid`/`gid` (no supplementary groups) can reach `target` and use it as asked, from the
 * permission bits along the path. Returns the first obstacle as a sentence, or undefined.
 */
export declare function reachProblem(target: string, want: 'read' | 'write', uid: number, gid: number): string | undefined;
/**
 * Whether `uid` can never get to `target`: some directory on the way is not its own (so it cannot chmod it)
 * and gives it no search permission. Masking such a path is needless — and bwrap, running as that uid,
 * could not even reach the mount point.
 */
export declare function neverReachable(target: string, uid: number, gid: number): boolean;
