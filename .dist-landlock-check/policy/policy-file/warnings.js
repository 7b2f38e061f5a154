// Rules that can never decide anything because a deny (in any layer: deny beats allow and ask everywhere)
// already covers every call they match. Indexed so 10,000 rules stay far from quadratic.
import { coversWholeTool } from '../rules/types.js';
/** At most this many deny rules are compared with one rule (beyond that: no warning, never an error). */
const MAX_COMPARISONS = 256;
export function shadowWarnings(rules) {
    const denies = rules.filter((r) => r.behavior === 'deny');
    if (denies.length === 0)
        return [];
    const byKey = new Map();
    for (const d of denies) {
        const key = keyOf(d);
        const list = byKey.get(key);
        if (list)
            list.push(d);
        else
            byKey.set(key, [d]);
    }
    const wide = denies.filter((d) => d.tool.kind !== 'name');
    const warnings = [];
    for (const rule of rules) {
        if (rule.behavior === 'deny')
            continue;
        const own = keyOf(rule);
        const tool = toolKey(rule.tool);
        const candidates = [...(byKey.get(own) ?? []), ...(own !== tool ? (byKey.get(tool) ?? []) : []), ...wide];
        let compared = 0;
        for (const deny of candidates) {
            if (++compared > MAX_COMPARISONS)
                break;
            if (deny === rule || !covers(deny, rule))
                continue;
            warnings.push({
                source: rule.source,
                layer: rule.layer,
                path: rule.at,
                message: `${rule.text} can never ${rule.behavior === 'allow' ? 'allow' : 'ask'}: ${deny.text} in the ${deny.layer} layer (${deny.source}) denies everything it matches`,
            });
            break;
        }
    }
    return warnings;
}
const toolKey = (tool) => (tool.kind === 'name' ? `n:${tool.name}` : '');
/** Name rules with a literal first command word are keyed by both; the rest by tool only. */
function keyOf(rule) {
    const tool = toolKey(rule.tool);
    if (tool && rule.command && !rule.command.glob)
        return `${tool}\0${rule.command.words[0]}`;
    return tool;
}
function toolCovers(d, r) {
    if (d.kind === 'any')
        return true;
    if (d.kind === 'name')
        return r.kind === 'name' && r.name === d.name;
    if (d.kind === 'class')
        return r.kind === 'class' && r.action === d.action;
    if (r.kind === 'name')
        return d.regex.test(r.name);
    return r.kind === 'glob' && r.pattern === d.pattern;
}
/** Whether every call `rule` matches is also matched by `deny` (conservative: false when unsure). */
function covers(deny, rule) {
    if (!toolCovers(deny.tool, rule.tool))
        return false;
    if (coversWholeTool(deny))
        return true;
    if (rule.command && deny.command && !rule.command.glob && !rule.path) {
        if (rule.command.rest && !deny.command.rest)
            return false;
        return deny.command.test(rule.command.words, 'block');
    }
    if (rule.path && deny.path && !rule.command) {
        const staticBase = rule.path.resolved.split('/');
        const firstGlob = staticBase.findIndex((s) => /(^|[^\\])[*?[\]{}]/.test(s));
        const literal = (firstGlob < 0 ? staticBase : staticBase.slice(0, firstGlob))
            .join('/')
            .replace(/\\(.)/g, '$1');
        return deny.path.test(literal || '/', 'block');
    }
    if (rule.domain && deny.domain) {
        if (deny.domain.host === '*')
            return true;
        if (!rule.domain.subdomains)
            return deny.domain.test(rule.domain.host);
        return (deny.domain.subdomains &&
            (rule.domain.host === deny.domain.host || rule.domain.host.endsWith(`.${deny.domain.host}`)));
    }
    return false;
}
//# sourceMappingURL=warnings.js.map