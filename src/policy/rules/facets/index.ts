// The policy facets, one module each. The compiler, the evaluator, "always" suggestions and the policy file
// schema walk this registry and name no facet themselves. A new facet is its module, a line here, its name in
// POLICY_FACETS (types/, and in BUILTIN_TOOL_FACETS for the built-ins that carry it), then
// schema/policy.schema.json regenerated from POLICY_SCHEMA. Mind that an allow rule must cover every facet a
// call carries: a facet reading a scope field calls already have (`url`, say) stops their allow rules on the
// other facets (`domain:`) from allowing them on their own.
import { POLICY_FACETS, type PolicyFacet } from '../../../types/index.js';
import { commandFacet } from './command.js';
import type { FacetDefinition } from './definition.js';
import { domainFacet } from './domain.js';
import { pathFacet } from './path.js';

/** Every facet by name: a name in POLICY_FACETS without its module here (or the reverse) does not compile. */
const FACETS_BY_NAME = {
  command: commandFacet,
  path: pathFacet,
  domain: domainFacet,
} as const satisfies { [F in PolicyFacet]: FacetDefinition<F> };

/**
 * The facets in POLICY_FACETS order, which is the order a rule text's bare specifier is read in (a command
 * before a path), a call's facets are matched in, and messages list them in.
 */
export const FACETS: readonly FacetDefinition[] = POLICY_FACETS.map((name) => FACETS_BY_NAME[name]);

type Facet<F extends PolicyFacet> = (typeof FACETS_BY_NAME)[F];

/** A facet's compiled matcher: what a rule holds under the facet's name. */
export type FacetMatcher<F extends PolicyFacet> = ReturnType<Facet<F>['parse']>;

/** The value of a facet's property in a structured rule. */
export type FacetSpecifier<F extends PolicyFacet> = Parameters<Facet<F>['parseStructured']>[0];

/** What a call carries of a facet. */
export type FacetValues<F extends PolicyFacet> = NonNullable<ReturnType<Facet<F>['read']>>;

/** The facets' structured-rule properties, in order, for the policy file schema. */
export function facetSchemas(): Record<PolicyFacet, Readonly<Record<string, unknown>>> {
  return Object.fromEntries(FACETS.map((facet) => [facet.name, facet.schema])) as Record<
    PolicyFacet,
    Readonly<Record<string, unknown>>
  >;
}

/** "command, path or domain": the facets, listed for messages. */
export function facetNames(): string {
  const names = FACETS.map((facet) => facet.name);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export type { FacetDefinition, MatchMode, PathBase, Warn } from './definition.js';
export { INVISIBLE, PatternError } from './definition.js';
