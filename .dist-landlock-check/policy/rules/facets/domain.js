// The domain facet: `web_fetch(domain:example.com)`, `{ "tool": "web_fetch", "domain": "*.example.com" }`. A
// call carries it as `host`, or as the host of its `url`. Rules match label by label, never by suffix.
import { domainToASCII } from 'node:url';
import { PatternError } from './definition.js';
export const domainFacet = {
    name: 'domain',
    noun: 'a host',
    actionKinds: ['network'],
    prefix: 'domain:',
    placeholder: 'HOST',
    parse: domainMatcher,
    schema: { type: 'string', minLength: 1, description: 'A host, or *.host for its subdomains.' },
    parseStructured: domainMatcher,
    matchesExample: (matcher, example) => matcher.test(exampleHost(example)),
    read(scope) {
        if (typeof scope.host === 'string' && scope.host !== '')
            return normalizeHost(scope.host);
        if (typeof scope.url !== 'string')
            return undefined;
        try {
            return normalizeHost(new URL(scope.url).hostname);
        }
        catch {
            return undefined; // no host to match
        }
    },
    items: (host) => [host],
    test: (matcher, host) => matcher.test(host),
    suggest: (tool, host) => (host === '' ? undefined : [`${tool}(domain:${host})`]),
};
/** A host as intents carry it: lower case, ASCII (punycode), no trailing dot. */
export function normalizeHost(host) {
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host))
        return host;
    const bare = host.trim().toLowerCase().replace(/\.$/, '');
    if (bare.startsWith('['))
        return bare;
    return domainToASCII(bare) || bare;
}
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/;
export function domainMatcher(spec) {
    const text = spec.trim();
    if (text === '*')
        return { kind: 'domain', host: '*', subdomains: true, test: () => true };
    const subdomains = text.startsWith('*.');
    const host = normalizeHost(subdomains ? text.slice(2) : text);
    if (!HOST.test(host))
        throw new PatternError(`"${spec}" is not a host name (write example.com, or *.example.com for its subdomains; no scheme, port or path)`);
    return {
        kind: 'domain',
        host,
        subdomains,
        // Label boundaries: *.example.com matches a.example.com, never badexample.com (nor example.com itself).
        test: subdomains ? (h) => h.endsWith(`.${host}`) : (h) => h === host,
    };
}
/** The host of an example (a URL or a bare host). */
export function exampleHost(example) {
    if (example.includes('://')) {
        try {
            return normalizeHost(new URL(example).hostname);
        }
        catch {
            return normalizeHost(example);
        }
    }
    return normalizeHost(example.split('/')[0].replace(/:\d+$/, ''));
}
//# sourceMappingURL=domain.js.map