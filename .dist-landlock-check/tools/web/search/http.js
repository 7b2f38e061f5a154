// The search endpoint's own HTTP client. The operator configured the endpoint, so it is exempt from the
// model-facing allowlist and may be private (a SearXNG on 127.0.0.1 or a Docker service name); every other
// check still applies, and a redirect may not leave the endpoint's origin, so a compromised or misconfigured
// endpoint cannot bounce the request to another host or a metadata address.
import { ToolError } from '../../../core/index.js';
import { hostPort, NetworkClient, NetworkPolicy, parseTarget, } from '../../../sandbox/index.js';
import { webError } from '../errors.js';
import { decodeEntities } from '../html.js';
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/**
 * `trusted`: the operator named this endpoint, so it may resolve to a private address. A built-in default
 * (Brave's public API) is not trusted that way: DNS that answers with a private address for it is an attack
 * that would hand the API key and the query to an internal host.
 */
export function endpointClient(endpoint, settings, opts = { trusted: true }) {
    const target = parseTarget(endpoint);
    const policy = new NetworkPolicy({ ...settings, mode: 'enabled', allow: [], deny: [] }, opts.trusted ? { trustedHost: hostPort(target) } : {});
    return new NetworkClient(policy);
}
/** GET a JSON document from the endpoint; HTTP errors become messages naming the backend. */
export async function getJson(client, url, opts) {
    let response;
    try {
        response = await client.fetch(url, {
            headers: { accept: 'application/json', ...opts.headers },
            sensitiveHeaders: opts.sensitiveHeaders ?? [],
            maxBytes: MAX_RESPONSE_BYTES,
            overflow: 'error',
            redirects: 'same-origin',
            signal: opts.signal,
        });
    }
    catch (error) {
        const mapped = webError(error);
        if (mapped instanceof ToolError) {
            throw new ToolError(mapped.errorClass, `${opts.backend} request failed: ${mapped.message}`, {
                hint: 'The search backend is unavailable; retry later or fetch a known URL with web_fetch.',
            });
        }
        throw mapped;
    }
    if (response.status < 200 || response.status >= 300) {
        const extra = opts.statusHint?.(response.status);
        throw new ToolError('network_error', `${opts.backend} answered HTTP ${response.status}${extra ? `: ${extra}` : '.'}`, {
            hint: response.status === 429
                ? 'The search API is rate-limited; wait before searching again.'
                : 'The search backend failed; retry later.',
        });
    }
    try {
        return JSON.parse(response.data.toString('utf8'));
    }
    catch {
        throw new ToolError('network_error', `${opts.backend} did not answer with JSON (${response.headers['content-type'] ?? 'no content type'}).`);
    }
}
export function stripTags(text) {
    return typeof text === 'string'
        ? text
            .replace(/<[^<>]*>/g, '') // [^<>]: linear on a run of unclosed '<'
            .replace(/\s+/g, ' ')
            .trim()
        : '';
}
/**
 * A backend's result list in the shared shape: http(s) links only, markup and entities removed, at most
 * `limit`. `fields` names where this backend keeps the snippet, the date and the source engine.
 */
export function toSearchResults(items, limit, fields) {
    const out = [];
    for (const item of (Array.isArray(items) ? items : [])) {
        if (typeof item?.url !== 'string' || !/^https?:\/\//i.test(item.url))
            continue;
        const result = {
            title: decodeEntities(stripTags(item.title)) || item.url,
            url: item.url,
            snippet: decodeEntities(stripTags(item[fields.snippet])),
        };
        const published = item[fields.published];
        if (typeof published === 'string' && published)
            result.published = published;
        const source = fields.source ? item[fields.source] : undefined;
        if (typeof source === 'string')
            result.source = source;
        out.push(result);
        if (out.length >= limit)
            break;
    }
    return out;
}
//# sourceMappingURL=http.js.map