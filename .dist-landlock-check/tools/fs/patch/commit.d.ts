import { type Stats } from 'node:fs';
import { type AtomicWriteResult, type FileAllowed } from '../../../sandbox/index.js';
import type { PlannedChange } from './plan.js';
/** The disk operations a commit uses; tests swap them to make a write fail midway. */
export interface CommitIo {
    write(check: FileAllowed, data: Buffer, opts: {
        expect?: Stats;
        createParents?: boolean;
    }): Promise<AtomicWriteResult>;
    remove(check: FileAllowed): Promise<void>;
}
/** What a committed file became: its new stat, or undefined when it was deleted. */
export interface Committed {
    canonical: string;
    stat?: Stats;
}
/**
 * Write every planned change (atomic writes that abort if the file changed since it was read, verified
 * deletes). If one fails, undo the ones already made, newest first — original bytes back, created files
 * and directories removed, deleted files re-created with their mode — so the patch leaves no trace.
 */
export declare function commitChanges(changes: readonly PlannedChange[], io?: CommitIo): Promise<Committed[]>;
