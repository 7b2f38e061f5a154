import type { FileAccess, FileAllowed } from '../../../sandbox/index.js';
import type { PatchOp } from './types.js';
/** A path of the patch after the file policy allowed it. */
export interface Target {
    /** The path as written in the patch: what messages and the summary show. */
    given: string;
    canonical: string;
    write: FileAllowed;
    /** Present for paths read: update and delete sources, and existing files an add or a move replaces. */
    read?: FileAllowed;
}
export interface ResolvedOp {
    op: PatchOp;
    /** The path the operation names (the file added, deleted or updated). */
    source: Target;
    /** An update's `*** Move to:` destination. */
    dest?: Target;
}
/**
 * Check every path of the patch through the file policy before anything is read: sources of updates and
 * deletes must be readable and writable, every path written or created must be writable. The first denial
 * stops the patch; the result's canonical paths are what gets locked.
 */
export declare function resolveTargets(ops: readonly PatchOp[], files: FileAccess): Promise<ResolvedOp[]>;
/**
 * Whether the checks still describe the disk: every path still is (or still is not) the file it was when
 * checked. When another patch replaced one while this one waited for its lock, the checks are redone.
 */
export declare function stillCurrent(resolved: readonly ResolvedOp[]): Promise<boolean>;
