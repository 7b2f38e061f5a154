import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
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

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants;

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
 * Write a checked path atomically: a temp file in the same directory (O_EXCL | O_NOFOLLOW), confirmed to be
 * in that directory, given the old file's mode, fsynced, then renamed over the target. rename() replaces a
 * leaf symlink rather than following it, so a link swapped in cannot redirect the write. When `expect` is
 * given, the target must still be that file (dev/inode/size/mtime) just before the rename.
 */
export async function writeAtomic(
  check: FileAllowed,
  data: string | Buffer,
  opts: { expect?: Stats; createParents?: boolean } = {},
): Promise<AtomicWriteResult> {
  const dir = path.dirname(check.path);
  if (opts.createParents) await mkdirInside(dir, check.root.path);
  const current = await lstatOrUndefined(check.path);
  if (current && !current.isFile()) throw new FileRaceError(`${check.display} is no longer a regular file.`);
  if (current && check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
    throw new FileRaceError(`${check.display} was replaced between the check and the write.`);
  }
  if (!current && check.stat)
    throw new FileRaceError(`${check.display} was removed between the check and the write.`);
  if (current && current.nlink > 1)
    throw new FileRaceError(`${check.display} gained a hard link since it was checked.`);

  // A short fixed-length name: the target's own name may already be near the 255-byte limit.
  const temp = path.join(dir, `.handrail-${randomBytes(6).toString('hex')}.tmp`);
  const mode = current ? current.mode & 0o7777 : 0o666;
  const handle = await fs.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  let renamed = false;
  try {
    await confirmLocation(handle, temp);
    await handle.writeFile(data);
    if (current) {
      await handle.chmod(mode);
      // Keep the owner too: handrail running as root must not leave a user's file owned by root.
      if (current.uid !== process.getuid?.() || current.gid !== process.getgid?.()) {
        await handle.chown(current.uid, current.gid).catch(() => undefined);
      }
    }
    await handle.sync();
    await handle.close();
    if (opts.expect) {
      const now = await lstatOrUndefined(check.path);
      const e = opts.expect;
      if (
        !now ||
        now.ino !== e.ino ||
        now.dev !== e.dev ||
        now.size !== e.size ||
        now.mtimeMs !== e.mtimeMs
      ) {
        throw new FileRaceError(`${check.display} changed on disk while it was being edited.`);
      }
    }
    await fs.rename(temp, check.path);
    renamed = true;
    const stat = await fs.lstat(check.path);
    return { created: !current, stat };
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await fs.unlink(temp).catch(() => undefined);
    }
  }
}

/** Remove a checked file after confirming it is still the file that was checked. */
export async function removeVerified(check: FileAllowed): Promise<void> {
  const current = await lstatOrUndefined(check.path);
  if (!current) throw Object.assign(new Error(`${check.display} does not exist.`), { code: 'ENOENT' });
  if (!current.isFile()) throw new FileRaceError(`${check.display} is not a regular file.`);
  if (check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
    throw new FileRaceError(`${check.display} was replaced between the check and the delete.`);
  }
  await fs.unlink(check.path);
}

/**
 * Create `dir` and its missing parents one level at a time, refusing to go through anything that is not a
 * real directory inside `root` (a symlink planted on the way is not followed).
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
  for (const next of missing) {
    try {
      await fs.mkdir(next, { mode: 0o777 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const stat = await fs.lstat(next);
    if (!stat.isDirectory()) throw new FileRaceError(`${next} is not a directory.`);
  }
}

/** Confirm through /proc/self/fd that an open descriptor is the file at `expected` (Linux only). */
export async function confirmLocation(handle: FileHandle, expected: string): Promise<void> {
  if (process.platform !== 'linux') return;
  let actual: string;
  try {
    actual = await fs.readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return; // /proc not mounted: the dev/inode comparison still stands
  }
  if (actual !== expected) {
    throw new FileRaceError(
      `${expected} resolved to ${actual} when opened; a directory on the way was swapped.`,
    );
  }
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
