// Shapes of the policy language: what a policy file holds, what a compiled rule is, and what evaluation says.
import { POLICY_FACETS, } from '../../types/index.js';
/** The layers, strongest first. A lower layer can tighten a higher one but never loosen its deny. */
export const LAYER_NAMES = ['managed', 'project', 'user', 'session'];
/** A rule with no matcher at all (no specifier): it covers every call of its tools. */
export function coversWholeTool(rule) {
    return POLICY_FACETS.every((facet) => rule[facet] === undefined);
}
//# sourceMappingURL=types.js.map