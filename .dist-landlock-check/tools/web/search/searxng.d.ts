import type { NetworkSettings } from '../../../sandbox/index.js';
import type { SearchBackend } from './types.js';
/** SearXNG's JSON API (`/search?format=json`), self-hosted. */
export declare function searxngBackend(config: {
    endpoint: string;
    language?: string;
    safesearch?: 0 | 1 | 2;
    categories?: string;
}, settings: NetworkSettings): SearchBackend;
