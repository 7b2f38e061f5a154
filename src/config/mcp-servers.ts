// The `mcpServers` setting on its own: entries merge by server name (a stronger layer replaces an entry
// whole), an untrusted project may only disable a server (starting one runs a program the repository names),
// and what reports show never carries an env or header value.
import type { HandrailConfig } from './schema-type.js';

export type McpServerEntry = NonNullable<HandrailConfig['mcpServers']>[string];
export type McpServerEntries = Record<string, McpServerEntry>;

/** What a masked value reads as in `handrail config` and in the effective configuration. */
export const MASKED = '***';

/** The keys handrail reads in an entry; others come from other clients and are ignored with a warning. */
export const MCP_SERVER_KEYS: readonly string[] = [
  'type',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'trust',
  'lazy',
  'timeoutMs',
  'disabled',
];

/** Keys other clients write, each with what handrail does instead. */
export const OTHER_CLIENT_KEYS: Readonly<Record<string, string>> = {
  autoApprove:
    "handrail's policy decides what runs without asking: write an allow rule naming mcp__<server>__<tool>",
  alwaysAllow:
    "handrail's policy decides what runs without asking: write an allow rule naming mcp__<server>__<tool>",
  timeout: 'handrail takes timeoutMs, in milliseconds',
  transportType: 'handrail takes type (stdio, http, streamable-http or sse)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's ${VAR}, not a template
  envFile: 'handrail reads no env file: name each variable in env, as "${VAR}" from its own environment',
  serverUrl: 'handrail takes url',
};

export function isDisabled(entry: McpServerEntry | undefined): boolean {
  return (entry as { disabled?: boolean } | undefined)?.disabled === true;
}

/**
 * For an untrusted project: why this entry would widen what runs (undefined when it only disables). Adding
 * or changing a server starts a program, or reaches a server, that the repository names.
 */
export function serverWidens(
  proposed: McpServerEntry,
  current: McpServerEntry | undefined,
): string | undefined {
  if (isDisabled(proposed)) return undefined;
  const what =
    'command' in proposed
      ? 'it would start a program the repository names'
      : 'it would connect to a server the repository names';
  return current === undefined
    ? `an untrusted project may not add MCP servers: ${what} (it may only disable one)`
    : `an untrusted project may not change an MCP server: ${what} (it may only disable one)`;
}

/** What an untrusted project's disabling entry becomes: the server below, disabled (none of its own keys). */
export function disabledEntry(current: McpServerEntry | undefined): McpServerEntry {
  return current === undefined ? { disabled: true } : ({ ...current, disabled: true } as McpServerEntry);
}

/** Relative working directories made absolute (`resolve` is the settings' path rule). */
export function resolveServerPaths(
  servers: McpServerEntries,
  resolve: (p: string) => string,
): McpServerEntries {
  return Object.fromEntries(
    Object.entries(servers).map(([name, entry]) => [
      name,
      'cwd' in entry && typeof entry.cwd === 'string' ? { ...entry, cwd: resolve(entry.cwd) } : entry,
    ]),
  );
}

/** An entry as reports show it: env and header values masked (a bare `${VAR}` stays), a URL's secrets too. */
export function redactServer(entry: McpServerEntry): McpServerEntry {
  const out: Record<string, unknown> = { ...entry };
  for (const key of ['env', 'headers'] as const) {
    const map = out[key];
    if (typeof map === 'object' && map !== null) {
      out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, maskValue(v)]));
    }
  }
  if (typeof out.url === 'string') out.url = redactUrl(out.url);
  return out as McpServerEntry;
}

export function redactServers(servers: unknown): unknown {
  if (typeof servers !== 'object' || servers === null) return servers;
  return Object.fromEntries(
    Object.entries(servers as McpServerEntries).map(([name, entry]) => [name, redactServer(entry)]),
  );
}

/** A reference to a variable says where the secret is, not what it is: shown. Anything else is masked. */
function maskValue(value: unknown): unknown {
  return typeof value === 'string' && /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(value) ? value : MASKED;
}

/** A password in the userinfo and the values of the query string (API keys travel there too). */
function redactUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*:)[^/@]*@/i, `$1${MASKED}@`)
    .replace(/([?&][^=&#]*=)[^&#]*/g, `$1${MASKED}`);
}
