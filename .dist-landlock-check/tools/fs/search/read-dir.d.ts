import { type Dirent } from 'node:fs';
/**
 * List a directory the walk reached by its canonical path. The directory is opened with O_NOFOLLOW, its
 * location confirmed through /proc/self/fd, and listed through that descriptor, so a directory swapped
 * for a symbolic link after the parent was listed cannot make the walk list somewhere else.
 */
export declare function readDirVerified(dir: string): Promise<Dirent[]>;
