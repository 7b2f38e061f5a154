// Stream a body into a checked path: a temp file created O_EXCL|O_NOFOLLOW in the target's directory,
// confirmed to be there, hashed and counted as it is written, renamed over the target only when complete.
// Any failure removes the temp file, so a partial download never appears under the target name.
// (The integrator may move this next to writeAtomic in src/sandbox/safe-fs.ts.)
import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import type { FileAllowed } from '../../sandbox/file-policy-types.js';
import { FileRaceError, mkdirInside } from '../../sandbox/safe-fs.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

export interface StreamedFile {
  bytes: number;
  sha256: string;
  created: boolean;
  stat: Stats;
}

export async function streamToFile(check: FileAllowed, chunks: AsyncIterable<Buffer>): Promise<StreamedFile> {
  const dir = path.dirname(check.path);
  await mkdirInside(dir, check.root.path);
  const current = await lstatOrUndefined(check.path);
  if (current && !current.isFile()) throw new FileRaceError(`${check.display} is not a regular file.`);
  if (current && check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
    throw new FileRaceError(`${check.display} was replaced between the check and the download.`);
  }
  if (current && current.nlink > 1)
    throw new FileRaceError(`${check.display} has another hard link; it is not replaced.`);

  const temp = path.join(dir, `.handrail-${randomBytes(6).toString('hex')}.download`);
  const mode = current ? current.mode & 0o7777 : 0o666;
  const handle = await fs.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  const hash = createHash('sha256');
  let bytes = 0;
  let renamed = false;
  try {
    await confirmLocation(handle.fd, temp);
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      let offset = 0;
      while (offset < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
        offset += bytesWritten;
      }
    }
    await handle.sync();
    await handle.close();
    const now = await lstatOrUndefined(check.path);
    if (current ? !now || now.ino !== current.ino || now.dev !== current.dev : now) {
      throw new FileRaceError(`${check.display} changed on disk while it was being downloaded.`);
    }
    await fs.rename(temp, check.path);
    renamed = true;
    return { bytes, sha256: hash.digest('hex'), created: !current, stat: await fs.lstat(check.path) };
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await fs.unlink(temp).catch(() => undefined);
    }
  }
}

async function confirmLocation(fd: number, expected: string): Promise<void> {
  if (process.platform !== 'linux') return;
  const actual = await fs.readlink(`/proc/self/fd/${fd}`).catch(() => undefined);
  if (actual !== undefined && actual !== expected) {
    throw new FileRaceError(
      `${expected} resolved to ${actual} when opened; a directory on the way was swapped.`,
    );
  }
}

async function lstatOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
