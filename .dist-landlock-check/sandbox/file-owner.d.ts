import { type Stats } from 'node:fs';
export interface ActingUser {
    uid: number;
    gid: number;
    /** Supplementary groups (known only when handrail is that user). */
    groups: readonly number[];
}
/** The user file tools act as for files under `root`. */
export declare function actingUser(root: string): ActingUser;
/** Whether `user` may write a file or directory with this stat (root: when any write bit is set). */
export declare function mayWrite(stat: Stats, user: ActingUser): boolean;
/** A refusal a tool reports as `permission_denied`. */
export declare class FilePermissionError extends Error {
    readonly code = "EHANDRAILPERM";
    constructor(message: string);
}
/**
 * Refuse to change (`update`) or remove (`remove`) a file the acting user may not write, or to create or
 * remove an entry in a directory it may not write. `display` is the path as the model gave it.
 */
export declare function assertMayChange(display: string, what: {
    file?: Stats;
    dir?: Stats;
}, user: ActingUser, action: 'update' | 'remove' | 'create'): void;
