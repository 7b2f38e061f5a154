// Stream a body into a checked path: a temp file created O_EXCL|O_NOFOLLOW in the target's directory,
// confirmed to be there, hashed and counted as it is written, renamed over the target only when complete.
// Any failure removes the temp file, so a partial write never appears under the target name.
import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import type { FileAllowed } from './file-policy-types.js';
import { confirmLocation, FileRaceError, lstatOrUndefined, mkdirInside } from './safe-fs.js';

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
    await confirmLocation(handle, temp);
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
