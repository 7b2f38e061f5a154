// The web tools' runtime resource: one network client per runtime (policy from `options.network`) and the
// search backend from `options.webSearch`. Tools see it as `ctx.capabilities.network`.
import { ToolError } from '../../core/errors.js';
import {
  NetworkClient,
  type NetworkConfig,
  NetworkPolicy,
  type NetworkSettings,
  resolveNetworkConfig,
} from '../../sandbox/network/index.js';
import type { CapabilityHost, CapabilityProvider, ToolContext } from '../../types/index.js';
import { createSearchBackend, type SearchBackend, type WebSearchConfig } from './search/index.js';

export interface WebCapability {
  client: NetworkClient;
  settings: NetworkSettings;
  search?: SearchBackend;
}

export const networkCapabilityProvider: CapabilityProvider = {
  key: 'network',
  create(host) {
    const options = host.options as { network?: NetworkConfig; webSearch?: WebSearchConfig };
    const settings = resolveNetworkConfig(options.network);
    const client = new NetworkClient(new NetworkPolicy(settings));
    const search = options.webSearch ? createSearchBackend(options.webSearch, settings) : undefined;
    const capability: WebCapability = search ? { client, settings, search } : { client, settings };
    return {
      forTurn: () => capability,
      async close() {
        await Promise.allSettled([client.close(), search?.close?.()]);
      },
    };
  },
};

/** The turn's network capability; a tool run without it fails closed. */
export function webCapability(ctx: ToolContext): WebCapability {
  const network = ctx.capabilities.network as WebCapability | undefined;
  if (!network?.client) {
    throw new ToolError(
      'internal',
      `${ctx.toolName} needs the runtime's network capability, and this turn has none.`,
    );
  }
  return network;
}

/** Web tools are not offered at all when the runtime disables the network. */
export function networkEnabled(host: CapabilityHost): boolean {
  const network = host.options.network as NetworkConfig | undefined;
  return network?.mode !== 'disabled';
}

/** The `host:port` pairs a human approved for this call outside the network allowlist. */
export function approvedHosts(ctx: ToolContext): string[] {
  return (ctx.exceptions ?? [])
    .filter((e) => e.kind === 'network' && e.method === 'GET')
    .map((e) => `${e.host.includes(':') ? `[${e.host}]` : e.host}:${e.port}`);
}
