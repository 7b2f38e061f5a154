import { type PolicyFacet } from '../../../types/index.js';
import type { FacetDefinition } from './definition.js';
/** Every facet by name: a name in POLICY_FACETS without its module here (or the reverse) does not compile. */
declare const FACETS_BY_NAME: {
    readonly command: FacetDefinition<"command", import("./command-match.js").CommandMatcher, string[], import("./command.js").CommandValues, string[]>;
    readonly path: FacetDefinition<"path", import("./path.js").PathMatcher, string, string[], string>;
    readonly domain: FacetDefinition<"domain", import("./domain.js").DomainMatcher, string, string, string>;
};
/**
 * The facets in POLICY_FACETS order, which is the order a rule text's bare specifier is read in (a command
 * before a path), a call's facets are matched in, and messages list them in.
 */
export declare const FACETS: readonly FacetDefinition[];
type Facet<F extends PolicyFacet> = (typeof FACETS_BY_NAME)[F];
/** A facet's compiled matcher: what a rule holds under the facet's name. */
export type FacetMatcher<F extends PolicyFacet> = ReturnType<Facet<F>['parse']>;
/** The value of a facet's property in a structured rule. */
export type FacetSpecifier<F extends PolicyFacet> = Parameters<Facet<F>['parseStructured']>[0];
/** What a call carries of a facet. */
export type FacetValues<F extends PolicyFacet> = NonNullable<ReturnType<Facet<F>['read']>>;
/** The facets' structured-rule properties, in order, for the policy file schema. */
export declare function facetSchemas(): Record<PolicyFacet, Readonly<Record<string, unknown>>>;
/** "command, path or domain": the facets, listed for messages. */
export declare function facetNames(): string;
export type { FacetDefinition, MatchMode, PathBase, Warn } from './definition.js';
export { INVISIBLE, PatternError } from './definition.js';
