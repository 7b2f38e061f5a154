import { constants, promises as fs } from 'node:fs';
import { FileRaceError } from '../../../sandbox/index.js';
const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants;
/**
 * List a directory the walk reached by its canonical path. The directory is opened with O_NOFOLLOW, its
 * location confirmed through /proc/self/fd, and listed through that descriptor, so a directory swapped
 * for a symbolic link after the parent was listed cannot make the walk list somewhere else.
 */
export async function readDirVerified(dir) {
    if (process.platform !== 'linux')
        return fs.readdir(dir, { withFileTypes: true });
    const handle = await fs.open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    try {
        const fdPath = `/proc/self/fd/${handle.fd}`;
        let actual;
        try {
            actual = await fs.readlink(fdPath);
        }
        catch {
            return await fs.readdir(dir, { withFileTypes: true }); // /proc not mounted: O_NOFOLLOW still held
        }
        if (actual !== dir) {
            throw new FileRaceError(`${dir} resolved to ${actual} when opened; a directory was swapped.`);
        }
        return await fs.readdir(fdPath, { withFileTypes: true });
    }
    finally {
        await handle.close();
    }
}
//# sourceMappingURL=read-dir.js.map