// Permission modes: the behaviour of each action kind when no rule decides. Dangerous shell commands are at
// least `ask` in every mode; read_only denies anything with side effects.
import path from 'node:path';
import { canonicalizeSync } from '../sandbox/index.js';
export { isPermissionMode, PERMISSION_MODES } from '../types/index.js';
/** Always allowed, except where a mode says otherwise below. */
const READS = new Set(['file_read', 'mcp_read', 'internal']);
/** The mode's behaviour for an intent, as the table says. */
export function modeDecision(mode, intent, options) {
    const action = intent.action;
    const rule = `mode:${mode}:${action}`;
    if (action === 'shell_command')
        return shellDecision(mode, intent, rule);
    if (mode === 'full_access')
        return { behavior: 'allow', rule, reason: 'full_access allows everything' };
    if (READS.has(action))
        return { behavior: 'allow', rule, reason: `${mode} allows ${describe(action)}` };
    if (mode === 'read_only')
        return { behavior: 'deny', rule, reason: `read_only mode does not allow ${describe(action)}` };
    if (mode === 'auto_accept_edits' && action === 'file_write') {
        const outside = pathsOutside(intent, options.writableRoots);
        if (outside === undefined)
            return { behavior: 'allow', rule, reason: 'every path is inside a writable root' };
        return {
            behavior: 'ask',
            rule: `${rule}:outside_roots`,
            reason: outside.length > 0 ? `${outside.join(', ')} is outside the writable roots` : 'the call names no path',
        };
    }
    return { behavior: 'ask', rule, reason: `${mode} asks before ${describe(action)}` };
}
function shellDecision(mode, intent, base) {
    const risk = intent.scope.risk === 'safe' || intent.scope.risk === 'dangerous' ? intent.scope.risk : 'unknown';
    const rule = `${base}:${risk}`;
    const why = Array.isArray(intent.scope.reasons) && intent.scope.reasons.length > 0
        ? `: ${intent.scope.reasons.join('; ')}`
        : '';
    if (risk === 'dangerous') {
        // read_only denies it outright; every other mode, full_access included, asks a human.
        if (mode === 'read_only')
            return { behavior: 'deny', rule, reason: `read_only mode does not run dangerous commands${why}` };
        return { behavior: 'ask', rule, reason: `the command is dangerous${why}` };
    }
    if (risk === 'safe' || mode === 'full_access')
        return {
            behavior: 'allow',
            rule,
            reason: risk === 'safe' ? 'a known read-only command' : 'full_access allows commands',
        };
    if (mode === 'read_only')
        return { behavior: 'deny', rule, reason: `read_only mode runs only known read-only commands${why}` };
    return { behavior: 'ask', rule, reason: `the command may have side effects${why}` };
}
// Canonical roots per options array: the roots are fixed for a runtime, the realpath calls need not repeat.
const rootCache = new WeakMap();
/** The paths outside every root, or undefined when all are inside (and there is at least one). */
function pathsOutside(intent, roots) {
    const paths = Array.isArray(intent.scope.paths)
        ? intent.scope.paths.filter((p) => typeof p === 'string')
        : [];
    if (paths.length === 0)
        return [];
    let canonical = rootCache.get(roots);
    if (!canonical) {
        canonical = roots.map((r) => canonicalizeSync(path.resolve(r)));
        rootCache.set(roots, canonical);
    }
    const outside = paths.filter((p) => !canonical.some((root) => isInside(p, root)));
    return outside.length === 0 ? undefined : outside;
}
/** Segment-aware containment: /a/bc is not inside /a/b. */
export function isInside(child, root) {
    if (child === root)
        return true;
    const prefix = root.endsWith(path.sep) ? root : root + path.sep;
    return child.startsWith(prefix);
}
function describe(action) {
    switch (action) {
        case 'file_read':
            return 'file reads';
        case 'file_write':
            return 'file writes';
        case 'network':
            return 'network access';
        case 'mcp_read':
            return 'read-only MCP tools';
        case 'mcp_write_or_unknown':
            return 'MCP tools that may change things';
        case 'internal':
            return 'internal tools';
        case 'unknown':
            return 'calls it cannot classify';
        default:
            return action.replace(/_/g, ' ');
    }
}
//# sourceMappingURL=modes.js.map