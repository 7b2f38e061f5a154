import { endpointClient, getJson, toSearchResults } from './http.js';
/** SearXNG's JSON API (`/search?format=json`), self-hosted. */
export function searxngBackend(config, settings) {
    const base = new URL(config.endpoint);
    if (!/\/search\/?$/.test(base.pathname))
        base.pathname = `${base.pathname.replace(/\/$/, '')}/search`;
    const client = endpointClient(base.href, settings);
    return {
        name: 'SearXNG',
        endpoint: base.href,
        async search(query, { limit, signal }) {
            const url = new URL(base);
            url.searchParams.set('q', query);
            url.searchParams.set('format', 'json');
            if (config.language)
                url.searchParams.set('language', config.language);
            if (config.safesearch !== undefined)
                url.searchParams.set('safesearch', String(config.safesearch));
            if (config.categories)
                url.searchParams.set('categories', config.categories);
            const body = (await getJson(client, url.href, {
                backend: 'SearXNG',
                signal,
                statusHint: (status) => status === 403
                    ? 'the instance refuses format=json; add "json" to search.formats in its settings.yml'
                    : undefined,
            }));
            return toSearchResults(body?.results, limit, {
                snippet: 'content',
                published: 'publishedDate',
                source: 'engine',
            });
        },
        close: () => client.close(),
    };
}
//# sourceMappingURL=searxng.js.map