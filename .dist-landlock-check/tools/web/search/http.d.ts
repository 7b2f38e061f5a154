import { NetworkClient, type NetworkSettings } from '../../../sandbox/index.js';
import type { SearchResult } from './types.js';
/**
 * `trusted`: the operator named this endpoint, so it may resolve to a private address. A built-in default
 * (Brave's public API) is not trusted that way: DNS that answers with a private address for it is an attack
 * that would hand the API key and the query to an internal host.
 */
export declare function endpointClient(endpoint: string, settings: NetworkSettings, opts?: {
    trusted: boolean;
}): NetworkClient;
/** GET a JSON document from the endpoint; HTTP errors become messages naming the backend. */
export declare function getJson(client: NetworkClient, url: string, opts: {
    backend: string;
    headers?: Record<string, string>;
    sensitiveHeaders?: string[];
    signal: AbortSignal;
    statusHint?: (status: number) => string | undefined;
}): Promise<unknown>;
export declare function stripTags(text: unknown): string;
/**
 * A backend's result list in the shared shape: http(s) links only, markup and entities removed, at most
 * `limit`. `fields` names where this backend keeps the snippet, the date and the source engine.
 */
export declare function toSearchResults(items: unknown, limit: number, fields: {
    snippet: string;
    published: string;
    source?: string;
}): SearchResult[];
