import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin } from '../path-syntax.js';
import type { SandboxIdentity } from '../process/backend-types.js';
import { neverReachable } from './identity.js';
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

/** Top-level entries of the state directory a command never sees. */
const INTERNAL = new Set(['sandbox']);

export function stateView(input: {
  stateDir?: string | undefined;
  roots: readonly FileRoot[];
  identity: SandboxIdentity;
  euid: number;
  /** The scan's masks (deny-read matches). */
  masks: readonly Mask[];
  denyRead: readonly string[];
  /** The empty unreadable file bound over denied files. */
  deniedFile: string;
}): StateView | undefined {
  const dir = input.stateDir;
  if (!dir || !input.roots.some((root) => root.path !== dir && isWithin(dir, root.path))) return undefined;
  // Hidden whole by a deny rule: nothing to show.
  if (input.masks.some((mask) => isWithin(dir, mask.path))) return undefined;
  const { identity } = input;
  if (identity.uid !== input.euid && neverReachable(path.join(dir, 'x'), identity.uid, identity.gid))
    return undefined;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  // The database named by a deny rule, and its companions (`-wal`, `-shm`, `-journal`, super-journals).
  const databases = input.denyRead
    .filter((glob) => path.isAbsolute(glob) && path.dirname(glob) === dir && !picomatch.scan(glob).isGlob)
    .map((glob) => path.basename(glob));
  const hidden = (name: string) =>
    INTERNAL.has(name) ||
    databases.some((db) => name === db || name.startsWith(`${db}-`)) ||
    input.masks.some((mask) => mask.path === path.join(dir, name));
  const args = ['--perms', '0555', '--tmpfs', dir];
  const shown: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    // Only files and directories: a symbolic link would be bound as its target, wherever that is.
    if (hidden(entry.name) || !(entry.isFile() || entry.isDirectory())) continue;
    const p = path.join(dir, entry.name);
    shown.push(p);
    // -try: an entry removed since (a pruned output) is simply not shown.
    args.push('--ro-bind-try', p, p);
  }
  // Deny-read matches deeper inside what is shown (a saved output matching `**/*.pem`, say).
  const depth = (p: string) => p.split('/').length;
  const deeper = input.masks
    .filter((mask) => shown.some((p) => p !== mask.path && isWithin(mask.path, p)))
    .sort((a, b) => depth(a.path) - depth(b.path));
  for (const mask of deeper) {
    if (mask.dir) args.push('--perms', '0000', '--tmpfs', mask.path, '--remount-ro', mask.path);
    else args.push('--ro-bind', input.deniedFile, mask.path);
  }
  args.push('--remount-ro', dir);
  return { covers: (p) => isWithin(p, dir), args };
}

/**
 * Put extra mounts after the layout's own, just before `--chdir` (bwrapArgs ends with it, the working
 * directory, `--` and the command; nothing before it can read `--chdir`: every path there is absolute).
 */
export function withMounts(args: string[], extra: readonly string[]): string[] {
  if (extra.length === 0) return args;
  const at = args.indexOf('--chdir');
  if (at < 0) throw new Error('Unexpected bwrap command line: no --chdir before the command.');
  return [...args.slice(0, at), ...extra, ...args.slice(at)];
}
