// Every setting of a configuration file, in one table: its default, how layers combine, how its paths
// resolve, and — the trust rule — what an untrusted project may not do with it. Merging, `handrail config`
// and docs/configuration.md all follow this table; a test keeps it equal to the schema's keys.
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RUNTIME_LIMITS } from '../core/index.js';
import { DEFAULT_APPROVAL_TIMEOUT_MS, PERMISSION_MODES } from '../policy/index.js';
import { canonicalizeSync, DEFAULT_TIMEOUT_CAP_MS, DEFAULT_TIMEOUT_MS, isWithin, NETWORK_DEFAULTS, } from '../sandbox/index.js';
const only = (reason) => () => reason;
const never = () => undefined;
/** A bound: lower is stricter. */
const cap = (key, fallback) => ({
    key,
    merge: 'value',
    default: () => fallback,
    widens: (proposed, current) => proposed > current
        ? `raises ${String(current)} to ${String(proposed)}`
        : undefined,
});
/** A choice ordered from open to closed: later is stricter. */
const ordered = (key, order, fallback) => ({
    key,
    merge: 'value',
    default: () => fallback,
    widens: (proposed, current) => order.indexOf(proposed) < order.indexOf(current)
        ? `"${String(proposed)}" is more open than "${String(current)}"`
        : undefined,
});
export function resolvePath(value, ctx) {
    if (value === '~' || value.startsWith('~/'))
        return path.join(ctx.home, value.slice(1));
    return path.resolve(ctx.workspace, value);
}
/** The canonical form of a path that may not exist yet: symbolic links count where they point. */
function real(file) {
    return canonicalizeSync(path.resolve(file));
}
/** Limits: every key of the runtime's limits, nested ones included, as `limits.output.maxBytes`. */
const LIMIT_SETTINGS = Object.entries(DEFAULT_RUNTIME_LIMITS).flatMap(([key, value]) => typeof value === 'number'
    ? [cap(`limits.${key}`, value)]
    : Object.entries(value).map(([inner, n]) => cap(`limits.${key}.${inner}`, n)));
export const SETTINGS = [
    ordered('profile', PERMISSION_MODES, 'supervised'),
    {
        key: 'policy',
        merge: 'value',
        default: () => undefined,
        resolve: (value, ctx) => resolvePath(value, ctx),
        widens: only("a session policy's rules, allow rules included, would apply in full"),
    },
    {
        key: 'roots',
        merge: 'value',
        default: (ctx) => [{ path: ctx.workspace, access: 'write' }],
        resolve: (value, ctx) => value.map((root) => ({ ...root, path: resolvePath(root.path, ctx) })),
        widens: (proposed, current) => {
            for (const [i, root] of proposed.entries()) {
                const wanted = real(root.path);
                const within = current.filter((r) => isWithin(wanted, real(r.path)));
                if (within.length === 0)
                    return `roots[${i}] ${root.path} is outside the roots set so far`;
                if (root.access === 'write' && !within.some((r) => r.access === 'write'))
                    return `roots[${i}] ${root.path} would be writable where the roots set so far are read-only`;
            }
            return undefined;
        },
    },
    { key: 'denyRead', merge: 'list', default: () => [], widens: never },
    { key: 'protectedPaths', merge: 'list', default: () => [], widens: never },
    {
        key: 'sandbox.backend',
        merge: 'value',
        default: () => 'auto',
        widens: (proposed) => (proposed === 'none' ? 'it runs commands without the OS sandbox' : undefined),
    },
    {
        key: 'sandbox.runAs',
        merge: 'value',
        default: () => 'auto',
        widens: (proposed) => (proposed === 'auto' ? undefined : 'it chooses who commands run as'),
    },
    ordered('network.mode', ['enabled', 'restricted', 'disabled'], NETWORK_DEFAULTS.mode),
    {
        key: 'network.allow',
        merge: 'list',
        default: () => [],
        widens: only('it lets the agent reach more hosts'),
    },
    { key: 'network.deny', merge: 'list', default: () => [], widens: never },
    {
        key: 'network.allowAddresses',
        merge: 'list',
        default: () => [],
        widens: only('it opens loopback or private addresses'),
    },
    {
        key: 'network.commands',
        merge: 'value',
        default: () => 'off',
        widens: (proposed) => (proposed === 'off' ? undefined : 'it gives shell commands the network'),
    },
    cap('network.maxBytes', NETWORK_DEFAULTS.maxBytes),
    cap('network.timeoutMs', NETWORK_DEFAULTS.timeoutMs),
    cap('network.idleTimeoutMs', NETWORK_DEFAULTS.idleTimeoutMs),
    cap('network.maxRedirects', NETWORK_DEFAULTS.maxRedirects),
    cap('network.maxHeaderBytes', NETWORK_DEFAULTS.maxHeaderBytes),
    {
        key: 'network.userAgent',
        merge: 'value',
        default: () => NETWORK_DEFAULTS.userAgent,
        widens: only('it is not a restriction'),
    },
    {
        key: 'webSearch',
        merge: 'value',
        default: () => false,
        widens: (proposed) => proposed === false ? undefined : "it sends the agent's queries to a service it names",
    },
    ...LIMIT_SETTINGS,
    cap('shell.timeoutDefaultMs', DEFAULT_TIMEOUT_MS),
    cap('shell.timeoutCapMs', DEFAULT_TIMEOUT_CAP_MS),
    {
        key: 'stateDir',
        merge: 'value',
        default: (ctx) => path.join(ctx.workspace, '.handrail'),
        resolve: (value, ctx) => resolvePath(value, ctx),
        widens: (proposed, _current, ctx) => isWithin(real(proposed), real(ctx.workspace)) ? undefined : 'it is outside the workspace',
    },
    {
        key: 'store',
        merge: 'value',
        default: () => 'sqlite',
        widens: (proposed) => {
            if (proposed === 'memory' || proposed === false)
                return 'it turns off the event store (the audit trail)';
            const file = proposed.path;
            if (file !== undefined && (path.isAbsolute(file) || file.split(/[\\/]/).includes('..')))
                return 'its path is outside the state directory';
            return undefined;
        },
    },
    cap('approvals.timeoutMs', DEFAULT_APPROVAL_TIMEOUT_MS),
];
export const SETTING_KEYS = SETTINGS.map((s) => s.key);
/** The value a configuration object holds for a dotted key (undefined when unset). */
export function valueAt(config, key) {
    let node = config;
    for (const part of key.split('.')) {
        if (typeof node !== 'object' || node === null || Array.isArray(node))
            return undefined;
        node = node[part];
    }
    return node;
}
/** Rebuild the nested configuration from dotted keys. */
export function nest(values) {
    const out = {};
    for (const [key, value] of values) {
        if (value === undefined)
            continue;
        const parts = key.split('.');
        let node = out;
        for (const part of parts.slice(0, -1)) {
            node[part] ??= {};
            node = node[part];
        }
        node[parts[parts.length - 1]] = value;
    }
    return out;
}
export function defaultHome(env) {
    return env.HOME && path.isAbsolute(env.HOME) ? env.HOME : os.homedir();
}
//# sourceMappingURL=settings.js.map