export interface SearchResult {
    title: string;
    url: string;
    snippet: string;
    published?: string;
    source?: string;
}
export interface SearchOptions {
    limit: number;
    signal: AbortSignal;
}
/** `webTools({ search })` (or `createRuntime({ webSearch })`). Without it, web_search is not offered. */
export type WebSearchConfig = {
    provider: 'searxng';
    /** The instance's base URL (http://127.0.0.1:8888) or its /search URL; `json` must be in search.formats. */
    endpoint: string;
    language?: string;
    safesearch?: 0 | 1 | 2;
    categories?: string;
} | {
    provider: 'brave';
    apiKey: string;
    /** Default https://api.search.brave.com/res/v1/web/search. */
    endpoint?: string;
    country?: string;
    safesearch?: 'off' | 'moderate' | 'strict';
} | {
    provider: 'custom';
    name?: string;
    search(query: string, opts: SearchOptions): Promise<SearchResult[]>;
};
/** A search backend: SearXNG, Brave, or one the operator writes. */
export interface SearchBackend {
    /** Shown to the model ("SearXNG", "Brave Search"). */
    name: string;
    /** The endpoint without secrets, for messages and permission scopes. */
    endpoint: string;
    search(query: string, opts: SearchOptions): Promise<SearchResult[]>;
    close?(): Promise<void>;
}
