import { type Stats, statSync } from 'node:fs';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import type { SandboxIdentity } from '../process/backend-types.js';

export const NOBODY = 65534;

/** Who commands run as when handrail is root: the default, an explicit uid, or uid 0 without capabilities. */
export type RunAs = 'auto' | 'root' | { uid: number; gid: number };

/** What both OS sandboxes (bwrap, Landlock) are told about the host: who commands run as, what they may read. */
export interface HostViewOptions {
  /** Who commands run as when handrail is root (see `chooseIdentity`); default 'auto'. */
  runAs?: RunAs;
  /** Host directories readable (default: /usr, /bin, /sbin, /lib*, /etc, /opt). */
  systemPaths?: readonly string[];
  /** More host directories readable (a toolchain under /nix or /home/me/.cargo, say). */
  readOnlyPaths?: readonly string[];
  /**
   * Entries walked to find deny-read and protected paths; a command in roots holding more is refused (deny-read
   * paths named without wildcards need no walk). Default 1,000,000.
   */
  maxScanEntries?: number;
}

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
export function chooseIdentity(
  roots: readonly FileRoot[],
  runAs: RunAs,
  euid: number,
  egid: number,
): IdentityChoice {
  if (euid !== 0) return { identity: { mode: 'self', uid: euid, gid: egid } };
  const mappedRoot: IdentityChoice = { identity: { mode: 'mapped-root', uid: 0, gid: 0 } };
  if (runAs === 'root') return mappedRoot;
  if (typeof runAs === 'object') return { identity: { mode: 'explicit', uid: runAs.uid, gid: runAs.gid } };

  const writable = roots.filter((root) => root.access === 'write');
  if (writable.length === 0) {
    const reach = roots.map((root) => reachProblem(root.path, 'read', NOBODY, NOBODY));
    if (reach.every((problem) => problem === undefined)) {
      return { identity: { mode: 'nobody', uid: NOBODY, gid: NOBODY } };
    }
  }
  // Read-only roots nobody cannot reach (a user's 0700 workspace under read_only) are judged like writable
  // ones: their one owner can read them, and uid 0 without capabilities could not even enter them.
  const judged = writable.length > 0 ? writable : roots;
  const owners = judged.map((root) => statOrUndefined(root.path));
  const first = owners[0];
  if (first && first.uid !== 0 && owners.every((stat) => stat?.uid === first.uid)) {
    return { identity: { mode: 'owner', uid: first.uid, gid: first.gid } };
  }
  return mappedRoot;
}

/**
 * Whether `uid`/`gid` (no supplementary groups) can reach `target` and use it as asked, from the
 * permission bits along the path. Returns the first obstacle as a sentence, or undefined.
 */
export function reachProblem(
  target: string,
  want: 'read' | 'write',
  uid: number,
  gid: number,
): string | undefined {
  const allows = (stat: { uid: number; gid: number; mode: number }, bit: number) => {
    const shift = stat.uid === uid ? 6 : stat.gid === gid ? 3 : 0;
    return ((stat.mode >> shift) & bit) !== 0;
  };
  const chain: string[] = [];
  for (let p = path.dirname(target); ; p = path.dirname(p)) {
    chain.unshift(p);
    if (path.dirname(p) === p) break;
  }
  for (const dir of chain) {
    const stat = statOrUndefined(dir);
    if (stat && !allows(stat, 1)) return `${dir} is mode ${octal(stat.mode)} owned by uid ${stat.uid}`;
  }
  const stat = statOrUndefined(target);
  if (!stat) return `${target} does not exist`;
  const need = stat.isDirectory() ? [4, 1] : [4];
  if (want === 'write') need.push(2);
  if (!need.every((bit) => allows(stat, bit))) {
    return `${target} is mode ${octal(stat.mode)} owned by uid ${stat.uid}`;
  }
  return undefined;
}

/**
 * Whether `uid` can never get to `target`: some directory on the way is not its own (so it cannot chmod it)
 * and gives it no search permission. Masking such a path is needless — and bwrap, running as that uid,
 * could not even reach the mount point.
 */
export function neverReachable(target: string, uid: number, gid: number): boolean {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const stat = statOrUndefined(dir);
    if (stat && stat.uid !== uid) {
      const shift = stat.gid === gid ? 3 : 0;
      if (((stat.mode >> shift) & 1) === 0) return true;
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/** Synchronous on purpose: a handful of stats per command, each far cheaper than a trip through the pool. */
function statOrUndefined(p: string): Stats | undefined {
  try {
    return statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function octal(mode: number): string {
  return `0${(mode & 0o7777).toString(8)}`;
}

/**
 * Why commands run as `identity` could not even reach the roots or the working directory (a user's 0700
 * home above them, say), as the sentence a refusal gives; undefined when they can. Both OS backends ask it.
 */
export function identityReachProblem(
  identity: SandboxIdentity,
  roots: readonly FileRoot[],
  cwd: string,
): string | undefined {
  if (identity.mode === 'self' || identity.uid === 0) return undefined;
  const who = `uid ${identity.uid}${identity.mode === 'owner' ? ' (the owner of the writable roots)' : identity.mode === 'nobody' ? ' (nobody)' : ''}`;
  const targets = [...roots.map((root) => root.path), cwd];
  const problems = targets.map((target) => reachProblem(target, 'read', identity.uid, identity.gid));
  const index = problems.findIndex((problem) => problem !== undefined);
  if (index < 0) return undefined;
  return `Commands run as ${who}, which cannot reach ${targets[index]}: ${problems[index]}. Make it readable for that user, or choose another runAs.`;
}
