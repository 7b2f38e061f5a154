// Stream a body into a checked path: a temp file created O_EXCL|O_NOFOLLOW in the target's directory (held
// open, so nothing lands outside it), hashed and counted as it is written, renamed over the target only when
// complete.
// Any failure removes the temp file, so a partial write never appears under the target name.
import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { actingUser, assertMayChange } from './file-owner.js';
import type { FileAllowed } from './file-policy-types.js';
import { confirmLocation, FileRaceError, giveTo, lstatOrUndefined, mkdirInside, pinDir } from './safe-fs.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

export interface StreamedFile {
  bytes: number;
  sha256: string;
  created: boolean;
  stat: Stats;
}

export async function streamToFile(check: FileAllowed, chunks: AsyncIterable<Buffer>): Promise<StreamedFile> {
  const dir = path.dirname(check.path);
  const name = path.basename(check.path);
  await mkdirInside(dir, check.root.path);
  const pinned = await pinDir(dir);
  let temp: string | undefined;
  let handle: FileHandle | undefined;
  let renamed = false;
  try {
    const current = await lstatOrUndefined(pinned.at(name));
    if (current && !current.isFile()) throw new FileRaceError(`${check.display} is not a regular file.`);
    if (current && check.stat && (current.dev !== check.stat.dev || current.ino !== check.stat.ino)) {
      throw new FileRaceError(`${check.display} was replaced between the check and the download.`);
    }
    if (current && current.nlink > 1)
      throw new FileRaceError(`${check.display} has another hard link; it is not replaced.`);
    const user = actingUser(check.root.path);
    assertMayChange(
      check.display,
      current ? { file: current } : { dir: await pinned.handle.stat() },
      user,
      current ? 'update' : 'create',
    );

    const tempName = `.handrail-${randomBytes(6).toString('hex')}.download`;
    temp = pinned.at(tempName);
    const mode = current ? current.mode & 0o7777 : 0o666;
    handle = await fs.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
    const hash = createHash('sha256');
    let bytes = 0;
    await confirmLocation(handle, path.join(dir, tempName));
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      let offset = 0;
      while (offset < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
        offset += bytesWritten;
      }
    }
    if (current) await handle.chmod(mode);
    await giveTo(handle, current ?? user);
    await handle.sync();
    await handle.close();
    handle = undefined;
    const now = await lstatOrUndefined(pinned.at(name));
    if (current ? !now || now.ino !== current.ino || now.dev !== current.dev : now) {
      throw new FileRaceError(`${check.display} changed on disk while it was being downloaded.`);
    }
    await fs.rename(temp, pinned.at(name));
    renamed = true;
    return { bytes, sha256: hash.digest('hex'), created: !current, stat: await fs.lstat(pinned.at(name)) };
  } finally {
    if (handle) await handle.close().catch(() => undefined);
    if (temp && !renamed) await fs.unlink(temp).catch(() => undefined);
    await pinned.close().catch(() => undefined);
  }
}
