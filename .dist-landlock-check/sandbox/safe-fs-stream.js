// Stream a body into a checked path: a temp file created O_EXCL|O_NOFOLLOW in the target's directory (held
// open, so nothing lands outside it), hashed and counted as it is written, renamed over the target only when
// complete.
// Any failure removes the temp file, so a partial write never appears under the target name.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileRaceError, giveTo, lstatOrUndefined, mkdirInside, openReplacement, pinDir } from './safe-fs.js';
export async function streamToFile(check, chunks) {
    const dir = path.dirname(check.path);
    const name = path.basename(check.path);
    await mkdirInside(dir, check.root.path);
    const pinned = await pinDir(dir);
    let temp;
    let handle;
    let renamed = false;
    try {
        const opened = await openReplacement(check, pinned, {
            verb: 'download',
            suffix: 'download',
            removedIsRace: false,
        });
        const { current, user, mode } = opened;
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
        if (current)
            await file.chmod(mode);
        await giveTo(file, current ?? user);
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
    }
    finally {
        if (handle)
            await handle.close().catch(() => undefined);
        if (temp && !renamed)
            await fs.unlink(temp).catch(() => undefined);
        await pinned.close().catch(() => undefined);
    }
}
//# sourceMappingURL=safe-fs-stream.js.map