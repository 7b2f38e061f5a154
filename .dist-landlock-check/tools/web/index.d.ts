import type { ToolSpec } from '../../types/index.js';
import { type WebToolsOptions } from './capability.js';
export { type NetworkConfig, NetworkConfigError, type NetworkMode, } from '../../sandbox/index.js';
export { type NetworkProvider, networkCapabilityProvider, networkProvider, type WebCapability, type WebToolsOptions, webCapability, } from './capability.js';
export { downloadUrlTool } from './download-url.js';
export { BRAVE_ENDPOINT, braveBackend, createSearchBackend, type SearchBackend, type SearchOptions, type SearchResult, searxngBackend, type WebSearchConfig, WebSearchConfigError, } from './search/index.js';
export { webFetchTool } from './web-fetch.js';
export { webSearchAvailable, webSearchTool } from './web-search.js';
/**
 * web_fetch, download_url and web_search (offered only with a search backend), sharing one network client.
 * `search` wins over the runtime's `webSearch` option (today's shape, still accepted).
 */
export declare function webTools(options?: WebToolsOptions): ToolSpec[];
