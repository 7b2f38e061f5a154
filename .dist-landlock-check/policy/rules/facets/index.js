// The policy facets, one module each. The compiler, the evaluator, "always" suggestions and the policy file
// schema walk this registry and name no facet themselves. A new facet is its module, a line here, its name in
// POLICY_FACETS (types/, and in BUILTIN_TOOL_FACETS for the built-ins that carry it), then
// schema/policy.schema.json regenerated from POLICY_SCHEMA. Mind that an allow rule must cover every facet a
// call carries: a facet reading a scope field calls already have (`url`, say) stops their allow rules on the
// other facets (`domain:`) from allowing them on their own.
import { POLICY_FACETS } from '../../../types/index.js';
import { commandFacet } from './command.js';
import { domainFacet } from './domain.js';
import { pathFacet } from './path.js';
/** Every facet by name: a name in POLICY_FACETS without its module here (or the reverse) does not compile. */
const FACETS_BY_NAME = {
    command: commandFacet,
    path: pathFacet,
    domain: domainFacet,
};
/**
 * The facets in POLICY_FACETS order, which is the order a rule text's bare specifier is read in (a command
 * before a path), a call's facets are matched in, and messages list them in.
 */
export const FACETS = POLICY_FACETS.map((name) => FACETS_BY_NAME[name]);
/** The facets' structured-rule properties, in order, for the policy file schema. */
export function facetSchemas() {
    return Object.fromEntries(FACETS.map((facet) => [facet.name, facet.schema]));
}
/** "command, path or domain": the facets, listed for messages. */
export function facetNames() {
    const names = FACETS.map((facet) => facet.name);
    return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
export { INVISIBLE, PatternError } from './definition.js';
//# sourceMappingURL=index.js.map