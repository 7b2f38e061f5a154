import { accessSync, constants } from 'node:fs';
import path from 'node:path';
/** Directories searched for the helper programs handrail runs itself (bwrap, setpriv, prlimit). */
const SYSTEM_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'];
const found = new Map();
/**
 * The absolute path of a helper program, looked up in the system directories only (never the caller's
 * PATH, which a profile or a model might influence). Cached for the life of the process.
 */
export function findExecutable(name) {
    if (found.has(name))
        return found.get(name);
    let result;
    for (const dir of SYSTEM_DIRS) {
        const candidate = path.join(dir, name);
        try {
            accessSync(candidate, constants.X_OK);
            result = candidate;
            break;
        }
        catch {
            // not here
        }
    }
    found.set(name, result);
    return result;
}
//# sourceMappingURL=executables.js.map