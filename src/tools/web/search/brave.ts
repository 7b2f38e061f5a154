import type { NetworkSettings } from '../../../sandbox/network/index.js';
import { decodeEntities } from '../html.js';
import { endpointClient, getJson, stripTags } from './http.js';
import type { SearchBackend, SearchResult } from './types.js';

export const BRAVE_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';

/** The Brave Search API (web results); the key goes in X-Subscription-Token, never in the URL. */
export function braveBackend(
  config: { apiKey: string; endpoint?: string; country?: string; safesearch?: 'off' | 'moderate' | 'strict' },
  settings: NetworkSettings,
): SearchBackend {
  const endpoint = config.endpoint ?? BRAVE_ENDPOINT;
  const client = endpointClient(endpoint, settings, { trusted: config.endpoint !== undefined });
  return {
    name: 'Brave Search',
    endpoint,
    async search(query, { limit, signal }) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(limit, 20)));
      if (config.country) url.searchParams.set('country', config.country);
      if (config.safesearch) url.searchParams.set('safesearch', config.safesearch);
      const body = (await getJson(client, url.href, {
        backend: 'Brave Search',
        headers: { 'x-subscription-token': config.apiKey },
        sensitiveHeaders: ['x-subscription-token'],
        signal,
        statusHint: (status) => (status === 401 || status === 403 ? 'the API key was rejected' : undefined),
      })) as { web?: { results?: unknown } };
      const results = Array.isArray(body?.web?.results) ? body.web.results : [];
      const out: SearchResult[] = [];
      for (const item of results as Array<Record<string, unknown>>) {
        if (typeof item?.url !== 'string' || !/^https?:\/\//i.test(item.url)) continue;
        const result: SearchResult = {
          title: decodeEntities(stripTags(item.title)) || item.url,
          url: item.url,
          snippet: decodeEntities(stripTags(item.description)),
        };
        if (typeof item.age === 'string' && item.age) result.published = item.age;
        out.push(result);
        if (out.length >= limit) break;
      }
      return out;
    },
    close: () => client.close(),
  };
}
