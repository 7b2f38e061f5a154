// Stream a body into a checked path: a temp file created O_EXCL|O_NOFOLLOW in the target's directory (held
// open, so nothing lands outside it), hashed and counted as it is written, renamed over the target only when
// complete.
// Any failure removes the temp file, so a partial write never appears under the target name.
import { createHash } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { FilePermissionError, newEntryOwner, replacementKeepsOwner } from './file-owner.js';
import type { FileAllowed } from './file-policy-types.js';
import {
  FileRaceError,
  inspectTarget,
  lstatOrUndefined,
  mkdirInside,
  openTemp,
  pinDir,
  settle,
} from './safe-fs.js';

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
    const target = await inspectTarget(check, pinned, { verb: 'download', removedIsRace: false });
    const { current } = target;
    // A download is never written in place (a failed one would leave half a file), so a file that a
    // replacement could not keep as it is — another user's or group's — is refused.
    if (current && !replacementKeepsOwner(current, target.dir)) {
      throw new FilePermissionError(
        `Cannot replace ${check.display}: it belongs to uid ${current.uid} (group ${current.gid}) or sits in a directory handrail's user may not change, and a downloaded replacement would not stay whose it is. Download to a new path instead.`,
      );
    }
    const opened = await openTemp(pinned, target, 'download');
    const file = opened.handle;
    temp = opened.temp;
    handle = file;
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      let offset = 0;
      while (offset < chunk.length) {
        const { bytesWritten } = await file.write(chunk, offset, chunk.length - offset);
        offset += bytesWritten;
      }
    }
    if (current) await settle(file, current, current.mode & 0o7777);
    else await settle(file, newEntryOwner(target.user, target.dir));
    await file.sync();
    await file.close();
    handle = undefined;
    const now = await lstatOrUndefined(pinned.at(name));
    if (current ? !now || now.ino !== current.ino || now.dev !== current.dev : now) {
      throw new FileRaceError(`${check.display} changed on disk while it was being downloaded.`);
    }
    await fs.rename(opened.temp, pinned.at(name));
    renamed = true;
    return { bytes, sha256: hash.digest('hex'), created: !current, stat: await fs.lstat(pinned.at(name)) };
  } finally {
    if (handle) await handle.close().catch(() => undefined);
    if (temp && !renamed) await fs.unlink(temp).catch(() => undefined);
    await pinned.close().catch(() => undefined);
  }
}
