// Every setting of a configuration file, in one table: its default, how layers combine, how its paths
// resolve, and — the trust rule — what an untrusted project may not do with it. Merging, `handrail config`
// and docs/configuration.md all follow this table; a test keeps it equal to the schema's keys.
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RUNTIME_LIMITS } from '../core/index.js';
import { DEFAULT_APPROVAL_TIMEOUT_MS, PERMISSION_MODES } from '../policy/index.js';
import {
  canonicalizeSync,
  DEFAULT_TIMEOUT_CAP_MS,
  DEFAULT_TIMEOUT_MS,
  isWithin,
  NETWORK_DEFAULTS,
} from '../sandbox/index.js';
import {
  disabledEntry,
  type McpServerEntries,
  type McpServerEntry,
  redactServers,
  resolveServerPaths,
  serverWidens,
} from './mcp-servers.js';

export interface SettingContext {
  workspace: string;
  home: string;
}

export interface Setting {
  /** Dotted, as in `handrail config`: `network.allow`. */
  key: string;
  /**
   * `value`: the strongest layer that sets it wins. `list`: every layer's entries count (deny lists grow).
   * `map`: entries by name, the strongest layer's entry for a name wins whole (`widens` judges one entry).
   */
  merge: 'value' | 'list' | 'map';
  default(ctx: SettingContext): unknown;
  /** Paths made absolute: relative to the workspace, `~/` to the home directory. */
  resolve?(value: unknown, ctx: SettingContext): unknown;
  /**
   * For an untrusted project: why this value (for a list, this entry) would widen what the agent may do,
   * compared with the value of the layers below; undefined when it only tightens.
   */
  widens(proposed: unknown, current: unknown, ctx: SettingContext): string | undefined;
  /** For a `map` entry an untrusted project may set: what it becomes (only the part that tightens). */
  tighten?(proposed: unknown, current: unknown): unknown;
  /** The value as reports and the effective configuration show it (secrets masked). */
  redact?(value: unknown): unknown;
}

type Root = { path: string; access: 'read' | 'write' };

const only = (reason: string) => () => reason;
const never = () => undefined;

/** A bound: lower is stricter. */
const cap = (key: string, fallback: number): Setting => ({
  key,
  merge: 'value',
  default: () => fallback,
  widens: (proposed, current) =>
    (proposed as number) > (current as number)
      ? `raises ${String(current)} to ${String(proposed)}`
      : undefined,
});

/** A choice ordered from open to closed: later is stricter. */
const ordered = (key: string, order: readonly string[], fallback: string): Setting => ({
  key,
  merge: 'value',
  default: () => fallback,
  widens: (proposed, current) =>
    order.indexOf(proposed as string) < order.indexOf(current as string)
      ? `"${String(proposed)}" is more open than "${String(current)}"`
      : undefined,
});

export function resolvePath(value: string, ctx: SettingContext): string {
  if (value === '~' || value.startsWith('~/')) return path.join(ctx.home, value.slice(1));
  return path.resolve(ctx.workspace, value);
}

/** The canonical form of a path that may not exist yet: symbolic links count where they point. */
function real(file: string): string {
  return canonicalizeSync(path.resolve(file));
}

/** Limits: every key of the runtime's limits, nested ones included, as `limits.output.maxBytes`. */
const LIMIT_SETTINGS: Setting[] = Object.entries(DEFAULT_RUNTIME_LIMITS).flatMap(([key, value]) =>
  typeof value === 'number'
    ? [cap(`limits.${key}`, value)]
    : Object.entries(value as unknown as Record<string, number>).map(([inner, n]) =>
        cap(`limits.${key}.${inner}`, n),
      ),
);

export const SETTINGS: readonly Setting[] = [
  ordered('profile', PERMISSION_MODES, 'supervised'),
  {
    key: 'policy',
    merge: 'value',
    default: () => undefined,
    resolve: (value, ctx) => resolvePath(value as string, ctx),
    widens: only("a session policy's rules, allow rules included, would apply in full"),
  },
  {
    key: 'roots',
    merge: 'value',
    default: (ctx) => [{ path: ctx.workspace, access: 'write' }],
    resolve: (value, ctx) =>
      (value as Root[]).map((root) => ({ ...root, path: resolvePath(root.path, ctx) })),
    widens: (proposed, current) => {
      for (const [i, root] of (proposed as Root[]).entries()) {
        const wanted = real(root.path);
        const within = (current as Root[]).filter((r) => isWithin(wanted, real(r.path)));
        if (within.length === 0) return `roots[${i}] ${root.path} is outside the roots set so far`;
        if (root.access === 'write' && !within.some((r) => r.access === 'write'))
          return `roots[${i}] ${root.path} would be writable where the roots set so far are read-only`;
      }
      return undefined;
    },
  },
  { key: 'denyRead', merge: 'list', default: () => [], widens: never },
  { key: 'protectedPaths', merge: 'list', default: () => [], widens: never },
  {
    key: 'approvableWrites',
    merge: 'list',
    default: () => [],
    // Only ~/ is expanded: a relative entry would name the workspace, and is refused as not absolute.
    resolve: (value, ctx) =>
      (value as string[]).map((entry) => (entry.startsWith('~/') ? resolvePath(entry, ctx) : entry)),
    widens: only('it lets a human approve writes outside the roots'),
  },
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
    widens: (proposed) =>
      proposed === false ? undefined : "it sends the agent's queries to a service it names",
  },
  ...LIMIT_SETTINGS,
  cap('shell.timeoutDefaultMs', DEFAULT_TIMEOUT_MS),
  cap('shell.timeoutCapMs', DEFAULT_TIMEOUT_CAP_MS),
  {
    key: 'stateDir',
    merge: 'value',
    default: (ctx) => path.join(ctx.workspace, '.handrail'),
    resolve: (value, ctx) => resolvePath(value as string, ctx),
    widens: (proposed, _current, ctx) =>
      isWithin(real(proposed as string), real(ctx.workspace)) ? undefined : 'it is outside the workspace',
  },
  {
    key: 'store',
    merge: 'value',
    default: () => 'sqlite',
    widens: (proposed) => {
      if (proposed === 'memory' || proposed === false)
        return 'it turns off the event store (the audit trail)';
      const file = (proposed as { path?: string }).path;
      if (file !== undefined && (path.isAbsolute(file) || file.split(/[\\/]/).includes('..')))
        return 'its path is outside the state directory';
      return undefined;
    },
  },
  {
    key: 'mcpServers',
    merge: 'map',
    default: () => ({}),
    resolve: (value, ctx) => resolveServerPaths(value as McpServerEntries, (p) => resolvePath(p, ctx)),
    widens: (proposed, current) => serverWidens(proposed as McpServerEntry, current as McpServerEntry),
    tighten: (_proposed, current) => disabledEntry(current as McpServerEntry | undefined),
    redact: redactServers,
  },
  cap('approvals.timeoutMs', DEFAULT_APPROVAL_TIMEOUT_MS),
];

export const SETTING_KEYS: readonly string[] = SETTINGS.map((s) => s.key);

/** The value a configuration object holds for a dotted key (undefined when unset). */
export function valueAt(config: unknown, key: string): unknown {
  let node = config;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Rebuild the nested configuration from dotted keys. */
export function nest(values: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of values) {
    if (value === undefined) continue;
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

export function defaultHome(env: Record<string, string | undefined>): string {
  return env.HOME && path.isAbsolute(env.HOME) ? env.HOME : os.homedir();
}
