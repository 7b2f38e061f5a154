/**
 * Create a directory (and its missing parents) readable by the user only, and put a `.gitignore` ignoring
 * everything in the topmost directory this call created, so `git add -A` never picks up what handrail keeps
 * there. A directory that existed already is left as it is. Throws what mkdir throws.
 */
export declare function createPrivateDir(dir: string): void;
/**
 * The state directory, ready before anything (a sandboxed command, the store, the output store) depends on
 * it: created 0700 if missing, with its `.gitignore` (added if someone removed it). Returns false when it
 * cannot be created (a read-only root, another user's directory).
 */
export declare function ensureStateDir(dir: string): boolean;
