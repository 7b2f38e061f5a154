import type { SearchOptions, SearchResult } from '../../../sandbox/network/search-types.js';

export type { SearchOptions, SearchResult, WebSearchConfig } from '../../../sandbox/network/search-types.js';

/** A search backend: SearXNG, Brave, or one the operator writes. */
export interface SearchBackend {
  /** Shown to the model ("SearXNG", "Brave Search"). */
  name: string;
  /** The endpoint without secrets, for messages and permission scopes. */
  endpoint: string;
  search(query: string, opts: SearchOptions): Promise<SearchResult[]>;
  close?(): Promise<void>;
}
