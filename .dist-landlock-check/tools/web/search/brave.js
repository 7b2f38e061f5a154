import { endpointClient, getJson, toSearchResults } from './http.js';
export const BRAVE_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';
/** The Brave Search API (web results); the key goes in X-Subscription-Token, never in the URL. */
export function braveBackend(config, settings) {
    const endpoint = config.endpoint ?? BRAVE_ENDPOINT;
    const client = endpointClient(endpoint, settings, { trusted: config.endpoint !== undefined });
    return {
        name: 'Brave Search',
        endpoint,
        async search(query, { limit, signal }) {
            const url = new URL(endpoint);
            url.searchParams.set('q', query);
            url.searchParams.set('count', String(Math.min(limit, 20)));
            if (config.country)
                url.searchParams.set('country', config.country);
            if (config.safesearch)
                url.searchParams.set('safesearch', config.safesearch);
            const body = (await getJson(client, url.href, {
                backend: 'Brave Search',
                headers: { 'x-subscription-token': config.apiKey },
                sensitiveHeaders: ['x-subscription-token'],
                signal,
                statusHint: (status) => (status === 401 || status === 403 ? 'the API key was rejected' : undefined),
            }));
            return toSearchResults(body?.web?.results, limit, { snippet: 'description', published: 'age' });
        },
        close: () => client.close(),
    };
}
//# sourceMappingURL=brave.js.map