import type { Stats } from 'node:fs';
import { type FileAccess, type FileAllowed } from '../../../sandbox/index.js';
/**
 * A path found while walking a checked directory, as the allowed check safe-fs expects. The walk only
 * builds canonical paths (a canonical directory plus the name of an entry that is not a symbolic link) and
 * only after `files.isReadable` passed, so this is what `checkRead` would have returned; safe-fs still
 * opens it with O_NOFOLLOW and confirms dev/inode and location.
 */
export declare function walkedCheck(files: FileAccess, canonical: string, stat?: Stats): FileAllowed;
/**
 * Whether a path and every directory between it and `top` may be read. The policy's deny-read globs match
 * one path at a time, so a file inside a denied directory must be refused here too: the walker never
 * enters such a directory, and results ripgrep reports from inside one are dropped the same way.
 */
export declare function readableUnder(files: FileAccess, canonical: string, top: string, cache: Map<string, boolean>): boolean;
