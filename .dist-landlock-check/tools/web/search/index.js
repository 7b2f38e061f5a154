import { parseTarget } from '../../../sandbox/index.js';
import { braveBackend } from './brave.js';
import { searxngBackend } from './searxng.js';
export { BRAVE_ENDPOINT, braveBackend } from './brave.js';
export { searxngBackend } from './searxng.js';
export class WebSearchConfigError extends Error {
    constructor(problem) {
        super(`Invalid handrail webSearch settings: ${problem}.`);
        this.name = 'WebSearchConfigError';
    }
}
/** Build the configured backend; a wrong configuration fails at createRuntime, not at the first search. */
export function createSearchBackend(config, settings) {
    const provider = config?.provider;
    const endpointOk = (endpoint, key) => {
        if (typeof endpoint !== 'string')
            throw new WebSearchConfigError(`webSearch.${key} must be a URL string`);
        try {
            parseTarget(endpoint);
        }
        catch (error) {
            throw new WebSearchConfigError(`webSearch.${key} ${JSON.stringify(endpoint)}: ${error.message}`);
        }
    };
    if (provider === 'searxng') {
        const c = config;
        endpointOk(c.endpoint, 'endpoint');
        return searxngBackend(c, settings);
    }
    if (provider === 'brave') {
        const c = config;
        if (typeof c.apiKey !== 'string' || c.apiKey.trim() === '' || /[\r\n]/.test(c.apiKey)) {
            throw new WebSearchConfigError('webSearch.apiKey must be a non-empty single-line string (the Brave Search API key)');
        }
        if (c.endpoint !== undefined)
            endpointOk(c.endpoint, 'endpoint');
        return braveBackend(c, settings);
    }
    if (provider === 'custom') {
        const c = config;
        if (typeof c.search !== 'function')
            throw new WebSearchConfigError('webSearch.search must be a function');
        return {
            name: c.name ?? 'custom search',
            endpoint: c.name ?? 'custom',
            search: (q, o) => c.search(q, o),
        };
    }
    throw new WebSearchConfigError(`webSearch.provider must be 'searxng', 'brave' or 'custom' (got ${JSON.stringify(provider)})`);
}
//# sourceMappingURL=index.js.map