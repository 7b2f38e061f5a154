import { NetworkClient, NetworkPolicy, resolveNetworkConfig, } from '../../sandbox/index.js';
import { createSearchBackend } from './search/index.js';
/**
 * The web tools' capability provider. The network policy is the runtime's (`network`: the sandbox precheck
 * asks the same one); the search backend is the tools' (`search`, else the runtime's `webSearch`).
 */
export function networkProvider(settings) {
    const searchConfig = (host) => settings ? settings.search : host.options.webSearch;
    return {
        key: 'network',
        searchConfig,
        create(host) {
            const networkSettings = resolveNetworkConfig(host.options.network);
            const client = new NetworkClient(new NetworkPolicy(networkSettings));
            const config = searchConfig(host);
            const search = config ? createSearchBackend(config, networkSettings) : undefined;
            const capability = search
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
export const networkCapabilityProvider = networkProvider();
/** The turn's network capability, for code that holds an untyped context. */
export function webCapability(ctx) {
    const network = ctx.capabilities.network;
    if (!network?.client)
        throw new Error(`${ctx.toolName} needs the runtime's network capability.`);
    return network;
}
/** Web tools are not offered at all when the runtime disables the network. */
export function networkEnabled(host) {
    const network = host.options.network;
    return network?.mode !== 'disabled';
}
/** The `host:port` pairs a human approved for this call outside the network allowlist. */
export function approvedHosts(ctx) {
    return (ctx.exceptions ?? [])
        .filter((e) => e.kind === 'network' && e.method === 'GET')
        .map((e) => `${e.host.includes(':') ? `[${e.host}]` : e.host}:${e.port}`);
}
//# sourceMappingURL=capability.js.map