// Who a file tool acts as, and whether that user may change a file. handrail running as an ordinary user
// acts as itself; running as root on a user's workspace (a container, sudo) it acts as the owner of the root
// the file lives in, so it neither writes what that user could not nor leaves root-owned files behind. Only
// on a root-owned root does it act as root, and even then a file with no write bit (chmod a-w) is a
// deliberate "do not touch" that is honoured, as Codex and Pi do.
import { type Stats, statSync } from 'node:fs';

export interface ActingUser {
  uid: number;
  gid: number;
  /** Supplementary groups (known only when handrail is that user). */
  groups: readonly number[];
}

/** The user file tools act as for files under `root`. */
export function actingUser(root: string): ActingUser {
  const euid = process.geteuid?.() ?? -1;
  if (euid !== 0) return processUser(euid);
  try {
    const stat = statSync(root);
    if (stat.uid !== 0) return { uid: stat.uid, gid: stat.gid, groups: [] };
  } catch {
    // An unreadable root: act as root, whose checks below are the strictest that still make sense.
  }
  return { uid: 0, gid: process.getegid?.() ?? 0, groups: [] };
}

function processUser(euid: number): ActingUser {
  return { uid: euid, gid: process.getegid?.() ?? -1, groups: process.getgroups?.() ?? [] };
}

/** Whether `user` may write a file or directory with this stat (root: when any write bit is set). */
export function mayWrite(stat: Stats, user: ActingUser): boolean {
  const mode = stat.mode;
  if (user.uid === 0) return (mode & 0o222) !== 0;
  if (stat.uid === user.uid) return (mode & 0o200) !== 0;
  if (stat.gid === user.gid || user.groups.includes(stat.gid)) return (mode & 0o020) !== 0;
  return (mode & 0o002) !== 0;
}

/** Whether a sticky directory keeps `user` from deleting or renaming `file`: only its owner and the directory's may. */
export function stickyKeeps(file: Stats, dir: Stats, user: ActingUser): boolean {
  return (dir.mode & 0o1000) !== 0 && user.uid !== 0 && file.uid !== user.uid && dir.uid !== user.uid;
}

/**
 * Whether a file renamed over `current` can be given current's owner, group and mode. Root can always; anyone
 * else only for its own file, in one of its groups, in a directory it may change. Otherwise the file is
 * written in place, so that editing a shared file never makes it the editor's.
 */
export function replacementKeepsOwner(current: Stats, dir: Stats): boolean {
  const euid = process.geteuid?.() ?? -1;
  if (euid === 0 || euid === -1) return true;
  const self = processUser(euid);
  if (current.uid !== self.uid) return false;
  if (current.gid !== self.gid && !self.groups.includes(current.gid)) return false;
  return mayWrite(dir, self) && !stickyKeeps(current, dir, self);
}

/** Who a new file or directory in `dir` belongs to: the acting user, in `dir`'s group when it is set-group-ID. */
export function newEntryOwner(user: ActingUser, dir: Stats): { uid: number; gid: number } {
  return { uid: user.uid, gid: (dir.mode & 0o2000) !== 0 ? dir.gid : user.gid };
}

/** A refusal a tool reports as `permission_denied`. */
export class FilePermissionError extends Error {
  readonly code = 'EHANDRAILPERM';
  constructor(message: string) {
    super(message);
    this.name = 'FilePermissionError';
  }
}

/**
 * Refuse to change (`update`) or remove (`remove`) a file the acting user may not write, or to create or
 * remove an entry in a directory it may not write. `display` is the path as the model gave it.
 */
export function assertMayChange(
  display: string,
  what: { file?: Stats; dir?: Stats },
  user: ActingUser,
  action: 'update' | 'remove' | 'create',
): void {
  const who = user.uid === 0 ? 'root' : `uid ${user.uid}`;
  if (what.file && !mayWrite(what.file, user)) {
    const mode = (what.file.mode & 0o7777).toString(8).padStart(4, '0');
    throw new FilePermissionError(
      `Cannot ${action === 'remove' ? 'delete' : 'change'} ${display}: it is not writable by ${who} (mode ${mode}, owner uid ${what.file.uid}). A read-only file is left as it is; make it writable first (chmod u+w) if the change is intended.`,
    );
  }
  if (what.dir && action !== 'update' && !mayWrite(what.dir, user)) {
    const mode = (what.dir.mode & 0o7777).toString(8).padStart(4, '0');
    throw new FilePermissionError(
      `Cannot ${action === 'remove' ? 'delete' : 'create'} ${display}: its directory is not writable by ${who} (mode ${mode}, owner uid ${what.dir.uid}).`,
    );
  }
  if (action === 'remove' && what.file && what.dir && stickyKeeps(what.file, what.dir, user)) {
    const mode = (what.dir.mode & 0o7777).toString(8).padStart(4, '0');
    throw new FilePermissionError(
      `Cannot delete ${display}: its directory is sticky (mode ${mode}), so only the file's owner (uid ${what.file.uid}) or the directory's (uid ${what.dir.uid}) may delete or move it, not ${who}.`,
    );
  }
}
