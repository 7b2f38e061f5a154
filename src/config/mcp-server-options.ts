// `mcpServers` as createRuntime takes them: disabled servers left out, `${VAR}` expanded from handrail's own
// environment (an unset variable without a default is an error naming it), URLs checked, and the keys only
// other clients read dropped — each layer's are reported when it is read (mcpServerWarnings).
import { suggestNames } from '../core/index.js';
import type { McpServerConfig } from '../extensions/index.js';
import { escapeSegment } from '../schema/index.js';
import { expandVariables } from './expand.js';
import {
  isDisabled,
  MCP_SERVER_KEYS,
  type McpServerEntries,
  type McpServerEntry,
  OTHER_CLIENT_KEYS,
} from './mcp-servers.js';
import { type ConfigLayerInput, problemAt } from './read.js';
import type { ConfigProblem } from './types.js';

/** Report a problem at a JSON pointer inside one server's entry (`/env/TOKEN`). */
export type PlaceProblem = (server: string, pointer: string, message: string) => ConfigProblem;

export function mcpServerOptions(
  servers: McpServerEntries,
  env: Record<string, string | undefined>,
  place: PlaceProblem,
): { servers: Record<string, McpServerConfig>; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const out: Record<string, McpServerConfig> = {};
  for (const [name, entry] of Object.entries(servers)) {
    if (isDisabled(entry) || !('command' in entry || 'url' in entry)) continue;
    const expand = (pointer: string, text: string): string => {
      const { value, missing } = expandVariables(text, env);
      for (const variable of missing) {
        problems.push(
          place(
            name,
            pointer,
            `\${${variable}} is not set in handrail's environment: set it, or give a default (\${${variable}:-value})`,
          ),
        );
      }
      return value;
    };
    const expandAll = (pointer: string, map: Record<string, string> | undefined) =>
      map && Object.fromEntries(Object.entries(map).map(([k, v]) => [k, expand(`${pointer}/${k}`, v)]));
    const common = commonKeys(entry);
    if ('command' in entry) {
      const args = entry.args?.map((arg, i) => expand(`/args/${i}`, arg));
      const vars = expandAll('/env', entry.env);
      out[name] = {
        command: expand('/command', entry.command),
        ...(args ? { args } : {}),
        ...(vars ? { env: vars } : {}),
        ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
        ...common,
      };
    } else {
      const url = expand('/url', entry.url);
      const problem = urlProblem(url);
      if (problem) problems.push(place(name, '/url', problem));
      const headers = expandAll('/headers', entry.headers);
      out[name] = { url, ...(headers ? { headers } : {}), ...common };
    }
  }
  return { servers: out, problems };
}

type CommonKeys = Partial<Pick<McpServerConfig, 'trust' | 'lazy' | 'timeoutMs'>>;

function commonKeys(entry: McpServerEntry): CommonKeys {
  const e = entry as CommonKeys;
  return {
    ...(e.trust !== undefined ? { trust: e.trust } : {}),
    ...(e.lazy !== undefined ? { lazy: e.lazy } : {}),
    ...(e.timeoutMs !== undefined ? { timeoutMs: e.timeoutMs } : {}),
  };
}

/** http(s), and no credentials in the URL (they belong in headers, where nothing shows them). */
function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `must be http or https, not ${parsed.protocol.replace(/:$/, '')}`;
  }
  if (parsed.username || parsed.password)
    return 'must not carry a user name or password: put them in headers';
  return undefined;
}

/** The keys of a layer's server entries that handrail does not read (other clients' own): each ignored. */
export function mcpServerWarnings(input: ConfigLayerInput): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  const servers = input.config.mcpServers ?? {};
  for (const [name, entry] of Object.entries(servers)) {
    for (const key of Object.keys(entry)) {
      if (MCP_SERVER_KEYS.includes(key)) continue;
      const near = suggestNames(key, [...MCP_SERVER_KEYS], 1)[0];
      const instead =
        OTHER_CLIENT_KEYS[key] ??
        (near !== undefined ? `did you mean "${near}"?` : "another client's key, not handrail's");
      warnings.push(
        problemAt(
          input,
          `/mcpServers/${name}/${escapeSegment(key)}`,
          `"${key}" is ignored: ${instead}`,
          true,
          { code: 'no_effect' },
        ),
      );
    }
  }
  return warnings;
}
