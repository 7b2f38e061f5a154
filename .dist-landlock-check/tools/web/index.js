import { networkCapabilityProvider, networkProvider } from './capability.js';
import { downloadUrlTool } from './download-url.js';
import { webFetchTool } from './web-fetch.js';
import { webSearchTool } from './web-search.js';
export { NetworkConfigError, } from '../../sandbox/index.js';
export { networkCapabilityProvider, networkProvider, webCapability, } from './capability.js';
export { downloadUrlTool } from './download-url.js';
export { BRAVE_ENDPOINT, braveBackend, createSearchBackend, searxngBackend, WebSearchConfigError, } from './search/index.js';
export { webFetchTool } from './web-fetch.js';
export { webSearchAvailable, webSearchTool } from './web-search.js';
/**
 * web_fetch, download_url and web_search (offered only with a search backend), sharing one network client.
 * `search` wins over the runtime's `webSearch` option (today's shape, still accepted).
 */
export function webTools(options) {
    const network = options ? networkProvider(options) : networkCapabilityProvider;
    return [webFetchTool(network), downloadUrlTool(network), webSearchTool(network)];
}
//# sourceMappingURL=index.js.map