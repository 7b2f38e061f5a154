import type { FileRoot } from '../file-policy-types.js';
import { type GitSnapshot } from './git-audit.js';
/**
 * After a sandboxed command: protected paths it created where nothing held them (a nested `sub/.envrc`,
 * a new repository's `.git`), and what it left for git to run on the host. The sandbox binds existing
 * protected paths read-only and holds the missing top-level names with placeholders, but it cannot hold
 * every name at every depth, nor know every git directory (a bare `foo.git`, a `gitdir:` target), so
 * handrail looks afterwards. Settings that make git run programs (core.fsmonitor, filter drivers, …) and
 * hooks that the command added to any repository in the roots are removed — they would run outside the
 * sandbox on the user's next git command there — and everything else is reported to the model.
 */
export declare function auditProtectedPaths(input: {
    roots: readonly FileRoot[];
    protectedPaths: readonly string[];
    stateDir?: string;
    /** Protected paths that existed (or were held) when the command started. */
    before: ReadonlySet<string>;
    maxEntries: number;
    /** Absolute protected paths (see `userProtectedPaths`). */
    absoluteProtected?: readonly string[];
    /** What git would run, recorded before the command (see `snapshotGit`); no git audit without it. */
    git?: GitSnapshot;
    /** The scan before the command stopped at its limit: what seems created may only have been unseen. */
    truncatedBefore?: boolean;
    /**
     * Whether a path is a placeholder some handrail process holds (see placeholders.ts): one made by another
     * process while the command ran is not something the command created.
     */
    isPlaceholder?: (p: string) => boolean;
}): Promise<string[]>;
