// Web tools: web_fetch, download_url and web_search, all through the network policy (src/sandbox/network).
import type { ToolSpec } from '../../types/index.js';
import { downloadUrlTool } from './download-url.js';
import { webFetchTool } from './web-fetch.js';
import { webSearchTool } from './web-search.js';

export {
  type NetworkConfig,
  NetworkConfigError,
  type NetworkMode,
} from '../../sandbox/network/index.js';
export { networkCapabilityProvider, type WebCapability, webCapability } from './capability.js';
export { downloadUrlTool } from './download-url.js';
export {
  BRAVE_ENDPOINT,
  braveBackend,
  createSearchBackend,
  type SearchBackend,
  type SearchOptions,
  type SearchResult,
  searxngBackend,
  type WebSearchConfig,
  WebSearchConfigError,
} from './search/index.js';
export { webFetchTool } from './web-fetch.js';
export { webSearchAvailable, webSearchTool } from './web-search.js';

/** web_fetch, download_url and web_search (which is offered only with a configured backend). */
export function webTools(): ToolSpec[] {
  return [webFetchTool(), downloadUrlTool(), webSearchTool()];
}
