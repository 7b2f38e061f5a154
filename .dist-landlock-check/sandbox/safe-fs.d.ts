import { type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { type ActingUser } from './file-owner.js';
import type { FileAllowed } from './file-policy-types.js';
/** Raised when the disk no longer matches what was checked (a swap between check and use). */
export declare class FileRaceError extends Error {
    readonly code = "EHANDRAILRACE";
    constructor(message: string);
}
/**
 * Open a checked path for reading: O_NOFOLLOW on the leaf, O_NONBLOCK so a FIFO swapped in cannot hang us,
 * then confirm through the open descriptor that it is the same regular file (dev/inode) the check saw and
 * that it really lives where the check said (/proc/self/fd, which catches a swapped parent directory).
 */
export declare function openForRead(check: FileAllowed): Promise<{
    handle: FileHandle;
    stat: Stats;
}>;
/** Read a whole checked file, refusing files larger than `maxBytes`. */
export declare function readVerified(check: FileAllowed, maxBytes: number): Promise<{
    data: Buffer;
    stat: Stats;
}>;
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
export declare function pinDir(dir: string, via?: string): Promise<PinnedDir>;
/**
 * Write a checked path atomically: a temp file created in the pinned directory (O_EXCL | O_NOFOLLOW), given
 * the old file's mode and owner (a new file belongs to the user handrail acts for), fsynced, then renamed
 * over the target. rename() replaces a leaf symlink rather than following it, so a link swapped in cannot
 * redirect the write. A file the acting user may not write (mode 0444, another user's) is refused. When
 * `expect` is given, the target must still be that file (dev/inode/size/mtime) just before the rename.
 */
export declare function writeAtomic(check: FileAllowed, data: string | Buffer, opts?: {
    expect?: Stats;
    createParents?: boolean;
}): Promise<AtomicWriteResult>;
/** A temp file opened beside a checked target, whose current state was confirmed against the check. */
export interface Replacement {
    /** The target as it is now (undefined: it does not exist yet). */
    current?: Stats;
    /** Who handrail acts for, and so who a new file will belong to. */
    user: ActingUser;
    /** The mode the replacement gets: the old file's, or 0666 (less the umask) for a new one. */
    mode: number;
    temp: string;
    handle: FileHandle;
}
/**
 * The shared first half of every replace-by-rename (writeAtomic, streamToFile): the target must still be the
 * file the policy checked (or still absent), have no second hard link, and be writable by the acting user;
 * then a temp file is created O_EXCL|O_NOFOLLOW in the pinned directory and confirmed to be there. On any
 * failure nothing is left behind.
 */
export declare function openReplacement(check: FileAllowed, pinned: PinnedDir, opts: {
    verb: string;
    suffix: string;
    removedIsRace: boolean;
}): Promise<Replacement>;
/**
 * Give a file written as root to the user it belongs to: the old file's owner, or for a new file the user
 * handrail acts for, so the user's own commands can change it later.
 */
export declare function giveTo(handle: FileHandle, owner: {
    uid: number;
    gid: number;
}): Promise<void>;
/**
 * Remove a checked file after confirming it is still the file that was checked, through its pinned
 * directory. A file the acting user may not write, or in a directory it may not write, is refused.
 */
export declare function removeVerified(check: FileAllowed): Promise<void>;
/**
 * Create `dir` and its missing parents one level at a time, each inside the directory before it, held open:
 * nothing is created through a symlink planted on the way, and nothing outside `root`. New directories
 * belong to the user handrail acts for.
 */
export declare function mkdirInside(dir: string, root: string): Promise<void>;
/**
 * Confirm through /proc/self/fd that an open descriptor is the file at `expected` (Linux only). Returns
 * false when it cannot tell (no /proc), so callers know the descriptor's /proc path is not usable either.
 */
export declare function confirmLocation(handle: FileHandle, expected: string): Promise<boolean>;
export declare function lstatOrUndefined(file: string): Promise<Stats | undefined>;
