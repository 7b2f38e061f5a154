import { type NetworkSettings } from '../../../sandbox/index.js';
import type { SearchBackend, WebSearchConfig } from './types.js';
export { BRAVE_ENDPOINT, braveBackend } from './brave.js';
export { searxngBackend } from './searxng.js';
export type { SearchBackend, SearchOptions, SearchResult, WebSearchConfig } from './types.js';
export declare class WebSearchConfigError extends Error {
    constructor(problem: string);
}
/** Build the configured backend; a wrong configuration fails at createRuntime, not at the first search. */
export declare function createSearchBackend(config: WebSearchConfig, settings: NetworkSettings): SearchBackend;
