// What every tool that touches files shares: the file capabilities' type, and path checks that turn a
// policy denial into the error a tool throws.
import path from 'node:path';
import { ToolError } from '../../core/index.js';
import { canonicalizeSync } from '../../sandbox/index.js';
/** A policy denial as the error a tool throws (class `sandbox_violation`). */
export function denial(check) {
    return new ToolError('sandbox_violation', check.message, {
        hint: 'Use a path inside the allowed roots; the message says which ones.',
        details: { reason: check.reason, path: check.path ?? check.requested },
    });
}
/** Check a path, throwing the denial; the common case for tools. */
export async function mustRead(files, requested, kind = 'file') {
    const check = await files.checkRead(requested, { kind });
    if (!check.ok)
        throw denial(check);
    return check;
}
export async function mustWrite(files, requested) {
    const check = await files.checkWrite(requested, { kind: 'file' });
    if (!check.ok)
        throw denial(check);
    return check;
}
/** Narrow a FileCheck to allowed or throw its denial. */
export function allowed(check) {
    if (!check.ok)
        throw denial(check);
    return check;
}
/** Canonical paths for a permission intent, computed synchronously before any I/O. */
export function intentPaths(cwd, paths) {
    return paths
        .filter((p) => typeof p === 'string' && p !== '')
        .map((p) => canonicalizeSync(path.resolve(cwd, p)));
}
//# sourceMappingURL=file-checks.js.map