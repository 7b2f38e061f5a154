import { type Stats } from 'node:fs';
import { type AtomicWriteResult, type FileAllowed, type FileVersions } from '../../../sandbox/index.js';
import { type FileCapabilities } from '../../shared/file-checks.js';
/**
 * Run `fn` holding the file's lock, with a check made under the lock: an edit that waited for another
 * sees the file that edit wrote (a new inode after the atomic rename), not the one it saw before waiting.
 */
export declare function withWriteLock<T>(caps: FileCapabilities, requested: string, fn: (check: FileAllowed) => Promise<T>): Promise<T>;
/** Refuse a file the turn has seen that changed on disk since (another process, the user, another turn). */
export declare function refuseIfChanged(versions: FileVersions, check: FileAllowed, now: Stats | undefined): void;
/** Read a checked file whole, with size and race failures as messages the model can act on. */
export declare function readChecked(check: FileAllowed, maxBytes: number, verb: string): Promise<{
    data: Buffer;
    stat: Stats;
}>;
/** writeAtomic with a swap or a concurrent change reported as a conflict, the file left as it was. */
export declare function writeChecked(check: FileAllowed, data: Buffer | string, opts: {
    expect?: Stats;
    createParents?: boolean;
}): Promise<AtomicWriteResult>;
/**
 * For a file about to be created: a message when an existing ancestor directory is really a file (the
 * write would fail halfway through creating parents), else undefined.
 */
export declare function parentProblem(check: FileAllowed): Promise<string | undefined>;
