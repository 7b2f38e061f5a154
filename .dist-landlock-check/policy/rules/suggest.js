import { facetsOf } from './evaluate.js';
import { FACETS } from './facets/index.js';
/**
 * The rules each facet the call carries proposes (one per sub-command, path and host), such that together
 * they allow exactly this call (and calls with the same argv / paths / host). Undefined when no rule can be
 * that narrow: a command line that is not exact (redirections, substitutions, variables), a dangerous command
 * (allow rules never apply to those), words with invisible characters, or a call with nothing to match.
 */
export function suggestRule(intent) {
    const tool = typeof intent.scope.tool === 'string' ? intent.scope.tool : '';
    if (tool === '' || intent.action === 'unknown')
        return undefined;
    const f = facetsOf(intent);
    const rules = [];
    let carried = false;
    for (const facet of FACETS) {
        const values = f[facet.name];
        if (values === undefined)
            continue;
        carried = true;
        const own = facet.suggest(tool, values);
        if (!own)
            return undefined;
        rules.push(...own);
    }
    // A call with nothing to narrow on (an MCP tool, memory, tasks): the tool itself is the narrowest rule.
    if (!carried)
        rules.push(tool);
    return [...new Set(rules)];
}
//# sourceMappingURL=suggest.js.map