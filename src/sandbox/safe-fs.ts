import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  type ActingUser,
  actingUser,
  assertMayChange,
  newEntryOwner,
  replacementKeepsOwner,
} from './file-owner.js';
import type { FileAllowed } from './file-policy-types.js';
import { isWithin } from './path-syntax.js';

/** Raised when the disk no longer matches what was checked (a swap between check and use). */
export class FileRaceError extends Error {
  readonly code = 'EHANDRAILRACE';
  constructor(message: string) {
    super(message);
    this.name = 'FileRaceError';
  }
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/**
 * Open a checked path for reading: O_NOFOLLOW on the leaf, O_NONBLOCK so a FIFO swapped in cannot hang us,
 * then confirm through the open descriptor that it is the same regular file (dev/inode) the check saw and
 * that it really lives where the check said (/proc/self/fd, which catches a swapped parent directory).
 */
export async function openForRead(check: FileAllowed): Promise<{ handle: FileHandle; stat: Stats }> {
  const handle = await fs.open(check.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FileRaceError(`${check.display} is no longer a regular file.`);
    if (check.stat && (stat.dev !== check.stat.dev || stat.ino !== check.stat.ino)) {
      throw new FileRaceError(`${check.display} was replaced between the check and the read.`);
    }
    await confirmLocation(handle, check.path);
    return { handle, stat };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Read a whole checked file, refusing files larger than `maxBytes`. */
export async function readVerified(
  check: FileAllowed,
  maxBytes: number,
): Promise<{ data: Buffer; stat: Stats }> {
  const { handle, stat } = await openForRead(check);
  try {
    if (stat.size > maxBytes) {
      throw Object.assign(
        new Error(
          `${check.display} is ${stat.size} bytes, over the ${maxBytes}-byte limit for this operation.`,
        ),
        {
          code: 'EFBIG',
        },
      );
    }
    const data = await handle.readFile();
    return { data, stat };
  } finally {
    await handle.close();
  }
}

export interface AtomicWriteResult {
  created: boolean;
  stat: Stats;
}

/**
 * A directory held open and confirmed to be where the check said: entries are created, renamed and removed
 * through the descriptor (`/proc/self/fd/N/name`), so a directory on the way swapped for a symlink cannot
 * send even an empty temp file outside the roots. Without /proc it falls back to the plain path.
 */
export interface PinnedDir {
  readonly path: string;
  readonly handle: FileHandle;
  /** The path of `name` inside this very directory. */
  at(name: string): string;
  close(): Promise<void>;
}

export async function pinDir(dir: string, via?: string): Promise<PinnedDir> {
  let handle: FileHandle;
  try {
    handle = await fs.open(via ?? dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR') throw new FileRaceError(`${dir} is not a directory.`);
    throw error;
  }
  let confirmed: boolean;
  try {
    confirmed = await confirmLocation(handle, dir);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const base = confirmed ? `/proc/self/fd/${handle.fd}` : dir;
  return { path: dir, handle, at: (name) => `${base}/${name}`, close: () => handle.close() };
}

/**
 * Write a checked path: a temp file created in the pinned directory (O_EXCL | O_NOFOLLOW), given the old
 * file's owner and mode (a new file belongs to the user handrail acts for; `like` gives it another file's, as
 * a move does), fsynced, then renamed over the target. rename() replaces a leaf symlink rather than following
 * it, so a link swapped in cannot redirect the write. A file the acting user may not write (mode 0444,
 * another user's) is refused. A file the user may write but that a renamed replacement could not keep as it
 * is (another user's or group's file, a file in a directory the user may not change) is written in place
 * instead, so it stays whose it was. When `expect` is given, the target must still be that file
 * (dev/inode/size/mtime) just before it is replaced.
 */
export async function writeAtomic(
  check: FileAllowed,
  data: string | Buffer,
  opts: { expect?: Stats; createParents?: boolean; like?: Stats } = {},
): Promise<AtomicWriteResult> {
  const dir = path.dirname(check.path);
  const name = path.basename(check.path);
  if (opts.createParents) await mkdirInside(dir, check.root.path);
  const pinned = await pinDir(dir);
  let temp: string | undefined;
  let handle: FileHandle | undefined;
  let renamed = false;
  try {
    const target = await inspectTarget(check, pinned, { verb: 'write', removedIsRace: true });
    const { current } = target;
    if (current && !replacementKeepsOwner(current, target.dir)) {
      return await overwriteInPlace(check, pinned, current, data, opts.expect);
    }
    const opened = await openTemp(pinned, target, 'tmp');
    temp = opened.temp;
    handle = opened.handle;
    await handle.writeFile(data);
    const model = current ?? opts.like;
    if (model) await settle(handle, model, model.mode & 0o7777);
    else await settle(handle, newEntryOwner(target.user, target.dir));
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (opts.expect) assertSame(check, await lstatOrUndefined(pinned.at(name)), opts.expect);
    await fs.rename(temp, pinned.at(name));
    renamed = true;
    const stat = await fs.lstat(pinned.at(name));
    return { created: !current, stat };
  } finally {
    if (handle) await handle.close().catch(() => undefined);
    if (temp && !renamed) await fs.unlink(temp).catch(() => undefined);
    await pinned.close().catch(() => undefined);
  }
}

/** Whether `now` is still the file version `then` described: same device, inode, size and mtime. */
export function sameVersion(now: Stats | undefined, then: Stats): boolean {
  return (
    now !== undefined &&
    now.ino === then.ino &&
    now.dev === then.dev &&
    now.size === then.size &&
    now.mtimeMs === then.mtimeMs
  );
}

/** The target must still be the file that was read (dev/inode/size/mtime), or the edit is refused. */
function assertSame(check: FileAllowed, now: Stats | undefined, expected: Stats): void {
  if (!sameVersion(now, expected)) {
    throw new FileRaceError(`${check.display} changed on disk while it was being edited.`);
  }
}

/**
 * Write over an existing file through a descriptor opened on it (O_NOFOLLOW, in the pinned directory): the
 * file keeps its inode, owner, group and mode. Not atomic — a reader may see it half-written, as with any
 * editor that saves in place — so it is used only where a replacement would change whose the file is.
 */
async function overwriteInPlace(
  check: FileAllowed,
  pinned: PinnedDir,
  current: Stats,
  data: string | Buffer,
  expect: Stats | undefined,
): Promise<AtomicWriteResult> {
  const name = path.basename(check.path);
  const handle = await fs.open(pinned.at(name), O_WRONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const now = await handle.stat();
    if (!now.isFile() || now.dev !== current.dev || now.ino !== current.ino) {
      throw new FileRaceError(`${check.display} was replaced between the check and the write.`);
    }
    if (now.nlink > 1) throw new FileRaceError(`${check.display} gained a hard link since it was checked.`);
    if (expect) assertSame(check, now, expect);
    await confirmLocation(handle, path.join(pinned.path, name));
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    // Written first, then cut to length: a failed write leaves the file no shorter than it was.
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, offset);
      offset += bytesWritten;
    }
    await handle.truncate(bytes.length);
    await handle.sync();
    return { created: false, stat: await handle.stat() };
  } finally {
    await handle.close();
  }
}

/** The target of a replace-by-rename as it is now, with who acts on it and the directory it is in. */
export interface TargetState {
  /** The target as it is now (undefined: it does not exist yet). */
  current?: Stats;
  /** Who handrail acts for, and so who a new file will belong to. */
  user: ActingUser;
  /** The pinned directory's stat. */
  dir: Stats;
}

/**
 * The first half of every write: the target must still be the file the policy checked (or still absent),
 * have no second hard link, and be writable by the acting user (or, absent, creatable in its directory).
 */
export async function inspectTarget(
  check: FileAllowed,
  pinned: PinnedDir,
  opts: { verb: string; removedIsRace: boolean },
): Promise<TargetState> {
  const current = await lstatOrUndefined(pinned.at(path.basename(check.path)));
  if (current && !current.isFile()) throw new FileRaceError(`${check.display} is no longer a regular file.`);
  if (current && check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
    throw new FileRaceError(`${check.display} was replaced between the check and the ${opts.verb}.`);
  }
  if (!current && check.stat && opts.removedIsRace)
    throw new FileRaceError(`${check.display} was removed between the check and the ${opts.verb}.`);
  if (current && current.nlink > 1)
    throw new FileRaceError(`${check.display} gained a hard link since it was checked.`);
  const user = actingUser(check.root.path);
  const dir = await pinned.handle.stat();
  assertMayChange(check.display, current ? { file: current } : { dir }, user, current ? 'update' : 'create');
  return { ...(current ? { current } : {}), user, dir };
}

/**
 * A temp file created O_EXCL|O_NOFOLLOW in the pinned directory and confirmed to be there, private (0600)
 * until it is given its final mode when it replaces a file. On any failure nothing is left behind.
 */
export async function openTemp(
  pinned: PinnedDir,
  target: TargetState,
  suffix: string,
): Promise<{ temp: string; handle: FileHandle }> {
  // A short fixed-length name: the target's own name may already be near the 255-byte limit.
  const tempName = `.handrail-${randomBytes(6).toString('hex')}.${suffix}`;
  const temp = pinned.at(tempName);
  const handle = await fs.open(
    temp,
    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
    target.current ? 0o600 : 0o666,
  );
  try {
    await confirmLocation(handle, path.join(pinned.path, tempName));
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
  return { temp, handle };
}

/**
 * Give a file this handle wrote its owner, group and mode: chown first, then chmod, since the kernel clears the
 * set-user-ID and set-group-ID bits on chown. Root gives any owner; anyone else can only move its own file
 * into another of its groups, which is all a replacement of its own file needs.
 */
export async function settle(
  handle: FileHandle,
  owner: { uid: number; gid: number },
  mode?: number,
): Promise<void> {
  const euid = process.geteuid?.();
  if (euid === 0) await handle.chown(owner.uid, owner.gid).catch(() => undefined);
  else if (owner.uid === euid && owner.gid !== process.getegid?.())
    await handle.chown(-1, owner.gid).catch(() => undefined);
  if (mode !== undefined) await handle.chmod(mode);
}

/**
 * Refuse, before anything is written, a delete that removeVerified would refuse for the acting user (a
 * read-only file, a directory it may not change, another user's file in a sticky directory).
 */
export async function assertRemovable(check: FileAllowed): Promise<void> {
  const pinned = await pinDir(path.dirname(check.path));
  try {
    const current = await lstatOrUndefined(pinned.at(path.basename(check.path)));
    if (!current) return; // removeVerified says so, with the rest of the patch undone
    const dir = await pinned.handle.stat();
    assertMayChange(check.display, { file: current, dir }, actingUser(check.root.path), 'remove');
  } finally {
    await pinned.close().catch(() => undefined);
  }
}

/**
 * Remove a checked file after confirming it is still the file that was checked, through its pinned
 * directory. A file the acting user may not write, or in a directory it may not write, is refused — unless
 * it is one this very call created (`created`: an undo), identified by the dev/inode of the check.
 */
export async function removeVerified(check: FileAllowed, opts: { created?: boolean } = {}): Promise<void> {
  const pinned = await pinDir(path.dirname(check.path));
  try {
    const at = pinned.at(path.basename(check.path));
    const current = await lstatOrUndefined(at);
    if (!current) throw Object.assign(new Error(`${check.display} does not exist.`), { code: 'ENOENT' });
    if (!current.isFile()) throw new FileRaceError(`${check.display} is not a regular file.`);
    if (check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
      throw new FileRaceError(`${check.display} was replaced between the check and the delete.`);
    }
    if (!(opts.created && check.stat)) {
      assertMayChange(
        check.display,
        { file: current, dir: await pinned.handle.stat() },
        actingUser(check.root.path),
        'remove',
      );
    }
    await fs.unlink(at);
  } finally {
    await pinned.close().catch(() => undefined);
  }
}

/**
 * Create `dir` and its missing parents one level at a time, each inside the directory before it, held open:
 * nothing is created through a symlink planted on the way, and nothing outside `root`. New directories
 * belong to the user handrail acts for.
 */
export async function mkdirInside(dir: string, root: string): Promise<void> {
  if (!isWithin(dir, root)) throw new FileRaceError(`${dir} is outside ${root}.`);
  const missing: string[] = [];
  let current = dir;
  while (current !== root) {
    const stat = await lstatOrUndefined(current);
    if (stat) {
      if (!stat.isDirectory()) throw new FileRaceError(`${current} is not a directory.`);
      break;
    }
    missing.unshift(current);
    current = path.dirname(current);
  }
  if (missing.length === 0) return;
  const user = actingUser(root);
  let parent = await pinDir(current);
  try {
    for (const next of missing) {
      const at = parent.at(path.basename(next));
      let made = false;
      try {
        await fs.mkdir(at, { mode: 0o777 });
        made = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const child = await pinDir(next, at);
      // Owned like a file created there: the acting user, in the parent's group when it is set-group-ID.
      if (made) await settle(child.handle, newEntryOwner(user, await parent.handle.stat()));
      await parent.close().catch(() => undefined);
      parent = child;
    }
  } finally {
    await parent.close().catch(() => undefined);
  }
}

/**
 * Confirm through /proc/self/fd that an open descriptor is the file at `expected` (Linux only). Returns
 * false when it cannot tell (no /proc), so callers know the descriptor's /proc path is not usable either.
 */
export async function confirmLocation(handle: FileHandle, expected: string): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  let actual: string;
  try {
    actual = await fs.readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return false; // /proc not mounted: the dev/inode comparison still stands
  }
  if (actual !== expected) {
    throw new FileRaceError(
      `${expected} resolved to ${actual} when opened; a directory on the way was swapped.`,
    );
  }
  return true;
}

export async function lstatOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
