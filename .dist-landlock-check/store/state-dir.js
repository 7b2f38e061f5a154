// handrail's state directory (`<workspace>/.handrail` by default): private to the user, never committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
/** What handrail writes in a directory it creates: nothing in it belongs in the user's repository. */
const GITIGNORE = '*\n';
/**
 * Create a directory (and its missing parents) readable by the user only, and put a `.gitignore` ignoring
 * everything in the topmost directory this call created, so `git add -A` never picks up what handrail keeps
 * there. A directory that existed already is left as it is. Throws what mkdir throws.
 */
export function createPrivateDir(dir) {
    const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (created)
        writeIgnore(created);
}
/**
 * The state directory, ready before anything (a sandboxed command, the store, the output store) depends on
 * it: created 0700 if missing, with its `.gitignore` (added if someone removed it). Returns false when it
 * cannot be created (a read-only root, another user's directory).
 */
export function ensureStateDir(dir) {
    try {
        createPrivateDir(dir);
        writeIgnore(dir);
        return true;
    }
    catch {
        return false;
    }
}
function writeIgnore(dir) {
    try {
        writeFileSync(path.join(dir, '.gitignore'), GITIGNORE, { flag: 'wx', mode: 0o600 });
    }
    catch {
        // there already (or not ours to write)
    }
}
//# sourceMappingURL=state-dir.js.map