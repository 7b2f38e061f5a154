import { type FacetDefinition } from './definition.js';
export interface DomainMatcher {
    kind: 'domain';
    host: string;
    subdomains: boolean;
    test(host: string): boolean;
}
export declare const domainFacet: FacetDefinition<'domain', DomainMatcher, string, string, string>;
/** A host as intents carry it: lower case, ASCII (punycode), no trailing dot. */
export declare function normalizeHost(host: string): string;
export declare function domainMatcher(spec: string): DomainMatcher;
/** The host of an example (a URL or a bare host). */
export declare function exampleHost(example: string): string;
