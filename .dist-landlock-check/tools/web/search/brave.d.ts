import type { NetworkSettings } from '../../../sandbox/index.js';
import type { SearchBackend } from './types.js';
export declare const BRAVE_ENDPOINT = "https://api.search.brave.com/res/v1/web/search";
/** The Brave Search API (web results); the key goes in X-Subscription-Token, never in the URL. */
export declare function braveBackend(config: {
    apiKey: string;
    endpoint?: string;
    country?: string;
    safesearch?: 'off' | 'moderate' | 'strict';
}, settings: NetworkSettings): SearchBackend;
