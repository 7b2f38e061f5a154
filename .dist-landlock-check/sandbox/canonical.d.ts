import { type Stats } from 'node:fs';
export interface Canonical {
    /** realpath of the target, or of its deepest existing ancestor plus the plain names below it. */
    path: string;
    exists: boolean;
    /** lstat of the canonical target when it exists. */
    stat?: Stats;
    /** Whether any symbolic link was followed on the way. */
    viaSymlink: boolean;
}
/**
 * Canonicalize an absolute, lexically normalized path. Existing paths go through realpath; for a path that
 * does not exist yet, the deepest existing ancestor is resolved and the missing names appended. A dangling
 * symbolic link is followed by hand, so a write "to a new file" cannot create one outside the roots.
 */
export declare function canonicalize(absolute: string, hops?: number): Promise<Canonical>;
/**
 * The synchronous form, for permission classification (which runs before any I/O and must name the
 * canonical paths a call will touch). Same rules as `canonicalize`.
 */
export declare function canonicalizeSync(absolute: string): string;
