import { NetworkClient, type NetworkSettings } from '../../sandbox/index.js';
import type { CapabilityHost, CapabilityProvider, ToolContext } from '../../types/index.js';
import { type SearchBackend, type WebSearchConfig } from './search/index.js';
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
export declare function networkProvider(settings?: WebToolsOptions): NetworkProvider;
/** The provider web tools use when made without settings (shared by key). */
export declare const networkCapabilityProvider: NetworkProvider;
/** The turn's network capability, for code that holds an untyped context. */
export declare function webCapability(ctx: ToolContext): WebCapability;
/** Web tools are not offered at all when the runtime disables the network. */
export declare function networkEnabled(host: CapabilityHost): boolean;
/** The `host:port` pairs a human approved for this call outside the network allowlist. */
export declare function approvedHosts(ctx: ToolContext): string[];
