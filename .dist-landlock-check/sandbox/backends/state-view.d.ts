import type { FileRoot } from '../file-policy-types.js';
import type { SandboxIdentity } from '../process/backend-types.js';
import type { Mask } from './scan.js';
/**
 * How a command sees handrail's state directory when it lies inside a root: an empty read-only directory
 * (a tmpfs) with the entries it may read bound back read-only (saved outputs, .gitignore), and nothing else.
 *
 * Why not bind the directory and mask the audit database's files one by one: SQLite creates and deletes
 * `handrail.db-journal`, `-wal` and `-shm` as connections come and go, in this process and in every other
 * handrail process on the workspace. A file found at the scan may be gone when bwrap mounts over it (bwrap
 * then fails to make a mount point in the read-only directory: "Can't create file at
 * …/handrail.db-journal: Read-only file system"), and one created later is not masked at all. Here no mount
 * depends on those files, and whatever appears at the top of the state directory while the command runs
 * stays invisible to it. The registry of placeholders (`sandbox/`) is not shown either.
 *
 * Not needed (undefined) when the command's user cannot reach the directory anyway (handrail runs as root
 * and the directory is root's, mode 0700): it is then bound read-only as a whole, with no file mounts in it.
 */
export interface StateView {
    /** Whether a read-only path or mask is the view's to mount (it lies in the state directory). */
    covers(p: string): boolean;
    /** bwrap arguments, after every mount that contains the state directory and before any inside it. */
    args: string[];
}
export declare function stateView(input: {
    stateDir?: string | undefined;
    roots: readonly FileRoot[];
    identity: SandboxIdentity;
    euid: number;
    /** The scan's masks (deny-read matches). */
    masks: readonly Mask[];
    denyRead: readonly string[];
    /** The empty unreadable file bound over denied files. */
    deniedFile: string;
}): StateView | undefined;
/**
 * Put extra mounts after the layout's own, just before `--chdir` (bwrapArgs ends with it, the working
 * directory, `--` and the command; nothing before it can read `--chdir`: every path there is absolute).
 */
export declare function withMounts(args: string[], extra: readonly string[]): string[];
