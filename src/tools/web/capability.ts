// The web tools' runtime resource: one network client per runtime (policy from the runtime's `network`)
// and the search backend (`webTools({ search })`, or the runtime's `webSearch`). Tools see it as
// `ctx.capabilities.network`.
import type { RuntimeOptions } from '../../core/index.js';
import {
  NetworkClient,
  type NetworkConfig,
  NetworkPolicy,
  type NetworkSettings,
  resolveNetworkConfig,
} from '../../sandbox/index.js';
import type { CapabilityHost, CapabilityProvider, ToolContext } from '../../types/index.js';
import { createSearchBackend, type SearchBackend, type WebSearchConfig } from './search/index.js';

export interface WebCapability {
  client: NetworkClient;
  settings: NetworkSettings;
  search?: SearchBackend;
}

/** The web tools' own settings: `webTools({ search })`. */
export interface WebToolsOptions {
  /** The web_search backend (SearXNG, Brave, custom); without it web_search is not offered. */
  search?: WebSearchConfig;
}

// Today's shape still works: `createRuntime({ webSearch, tools: builtinTools() })`. The key belongs to the
// web tools, so it is declared here and merged into the runtime's options.
declare module '../../core/runtime.js' {
  interface RuntimeOptions {
    /** The web_search backend (SearXNG, Brave, custom); without it web_search is not offered. */
    webSearch?: WebSearchConfig;
  }
}

/** The `network` capability as the web tools declare it, and the search configuration it will use. */
export interface NetworkProvider extends CapabilityProvider<'network', WebCapability> {
  searchConfig(host: CapabilityHost): WebSearchConfig | undefined;
}

/**
 * The web tools' capability provider. The network policy is the runtime's (`network`: the sandbox precheck
 * asks the same one); the search backend is the tools' (`search`, else the runtime's `webSearch`).
 */
export function networkProvider(settings?: WebToolsOptions): NetworkProvider {
  const searchConfig = (host: CapabilityHost) =>
    settings ? settings.search : (host.options as RuntimeOptions).webSearch;
  return {
    key: 'network',
    searchConfig,
    create(host) {
      const networkSettings = resolveNetworkConfig((host.options as RuntimeOptions).network);
      const client = new NetworkClient(new NetworkPolicy(networkSettings));
      const config = searchConfig(host);
      const search = config ? createSearchBackend(config, networkSettings) : undefined;
      const capability: WebCapability = search
        ? { client, settings: networkSettings, search }
        : { client, settings: networkSettings };
      return {
        forTurn: () => capability,
        async close() {
          await Promise.allSettled([client.close(), search?.close?.()]);
        },
      };
    },
  };
}

/** The provider web tools use when made without settings (shared by key). */
export const networkCapabilityProvider: NetworkProvider = networkProvider();

/** The turn's network capability, for code that holds an untyped context. */
export function webCapability(ctx: ToolContext): WebCapability {
  const network = ctx.capabilities.network as WebCapability | undefined;
  if (!network?.client) throw new Error(`${ctx.toolName} needs the runtime's network capability.`);
  return network;
}

/** Web tools are not offered at all when the runtime disables the network. */
export function networkEnabled(host: CapabilityHost): boolean {
  const network = host.options.network as NetworkConfig | undefined;
  return network?.mode !== 'disabled';
}

/** The `host:port` pairs a human approved for this call outside the network allowlist. */
export function approvedHosts(ctx: ToolContext): string[] {
  return (ctx.exceptions ?? []).flatMap((e) =>
    e.kind === 'network' && e.method === 'GET'
      ? [`${e.host.includes(':') ? `[${e.host}]` : e.host}:${e.port}`]
      : [],
  );
}
