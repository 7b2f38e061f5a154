import { FACETS, facetNames, PatternError, } from './facets/index.js';
import { parseToolSelector, selectorFacets, selectorMatches, selectorText } from './tool-selector.js';
import { coversWholeTool, } from './types.js';
/** A rule that cannot be loaded; `path` is its JSON path in the file (`allow[2]`, `rules[0].match[1]`). */
export class RuleError extends Error {
    path;
    constructor(path, message) {
        super(message);
        this.path = path;
    }
}
const SPEC = /^(Class\([a-z_]*\)|[^()]+)(?:\(([\s\S]*)\))?$/;
/** Compile one `Tool(specifier)` string from an allow / ask / deny list. */
export function compileRuleText(text, behavior, ctx, at) {
    const m = SPEC.exec(text.trim());
    if (!m) {
        throw new RuleError(at, `"${text}" is not a rule; write Tool or Tool(specifier), e.g. exec_command(git status), read_file(./secrets/**), web_fetch(domain:example.com), mcp__server__tool, Class(mcp_read)`);
    }
    const tool = selector(m[1].trim(), at);
    const spec = m[2];
    const rule = base(text.trim(), behavior, tool, ctx, at);
    warnTool(tool, ctx, at);
    if (spec === undefined || spec.trim() === '*')
        return rule;
    if (spec.trim() === '')
        throw new RuleError(at, `"${text}" has an empty specifier; drop the parentheses to match every call`);
    const facets = selectorFacets(tool, ctx.knownTools);
    try {
        const prefixed = FACETS.find((facet) => facet.prefix !== undefined && spec.startsWith(facet.prefix));
        const bare = FACETS.filter((facet) => facet.prefix === undefined);
        const declared = facets && bare.find((facet) => facets.includes(facet.name));
        if (prefixed) {
            setMatcher(rule, prefixed, prefixed.parse(spec.slice(prefixed.prefix.length), ctx.base));
            warnFacet(tool, facets, prefixed, ctx, at);
        }
        else if (declared) {
            setMatcher(rule, declared, declared.parse(spec, ctx.base));
        }
        else {
            if (facets) {
                const hint = FACETS.find((facet) => facet.prefix !== undefined && facets.includes(facet.name));
                warn(ctx, at, `${selectorText(tool)} calls carry no ${bare.map((facet) => facet.name).join(' or ')}, so "${text}" can never match${hint ? `; write ${selectorText(tool)}(${hint.prefix}${hint.placeholder})` : ''}`);
            }
            // A user tool that declares no facets: its intents may carry any bare one; match whichever they do.
            compileUndeclared(rule, bare, spec, ctx.base);
        }
    }
    catch (error) {
        if (error instanceof PatternError)
            throw new RuleError(at, `${text}: ${error.message}`);
        throw error;
    }
    for (const facet of FACETS) {
        if (rule[facet.name] !== undefined)
            facet.checkSpecifier?.(spec, behavior, warner(ctx), at);
    }
    return rule;
}
/** Read a specifier as every bare facet that can read it; one marked 'required' must. */
function compileUndeclared(rule, bare, spec, base) {
    let problem;
    let compiled = false;
    for (const facet of bare) {
        try {
            setMatcher(rule, facet, facet.parse(spec, base));
            compiled = true;
        }
        catch (error) {
            if (facet.ifUndeclared === 'required')
                throw error;
            problem ??= error;
        }
    }
    if (!compiled)
        throw problem;
}
/** Compile one structured rule and check its examples. */
export function compileStructured(raw, ctx, at) {
    const tool = selector(raw.tool.trim(), `${at}.tool`);
    const rule = base(at, raw.decision, tool, ctx, at);
    if (raw.message !== undefined)
        rule.message = raw.message;
    warnTool(tool, ctx, `${at}.tool`);
    const given = FACETS.filter((facet) => raw[facet.name] !== undefined);
    if (given.length > 1)
        throw new RuleError(at, `a rule matches on one of ${facetNames()}; this one has ${given.map((facet) => facet.name).join(' and ')}`);
    const facets = selectorFacets(tool, ctx.knownTools);
    const facet = given[0];
    if (facet) {
        const value = raw[facet.name];
        try {
            setMatcher(rule, facet, facet.parseStructured(value, ctx.base));
            warnFacet(tool, facets, facet, ctx, at);
            facet.checkStructured?.(value, raw.decision, warner(ctx), `${at}.${facet.name}`);
        }
        catch (error) {
            if (error instanceof PatternError)
                throw new RuleError(`${at}.${facet.name}`, error.message);
            throw error;
        }
    }
    checkExamples(rule, raw.match ?? [], true, ctx, `${at}.match`);
    checkExamples(rule, raw.notMatch ?? [], false, ctx, `${at}.notMatch`);
    return rule;
}
function selector(text, at) {
    const parsed = parseToolSelector(text);
    if (typeof parsed === 'string')
        throw new RuleError(at, parsed);
    return parsed;
}
function base(text, behavior, tool, ctx, at) {
    return { text, behavior, layer: ctx.layer, source: ctx.source, at, tool, order: ctx.nextOrder() };
}
/** Whether a rule matches one example, judged the way evaluation would judge a call. */
export function ruleMatchesExample(rule, example, base) {
    const mode = rule.behavior === 'allow' ? 'allow' : 'block';
    const facet = firstFacet(rule);
    if (facet)
        return facet.matchesExample(rule[facet.name], example, mode, base);
    // A rule on tools alone: examples are tool names.
    return selectorMatches(rule.tool, example, 'unknown');
}
/** The facet that judges a rule's examples: its first matcher's. */
const firstFacet = (rule) => FACETS.find((facet) => rule[facet.name] !== undefined);
/**
 * Put a compiled matcher on a rule under its facet's name. The registry holds facets of every kind, so the
 * matcher's type is only known to the facet that made it.
 */
function setMatcher(rule, facet, matcher) {
    rule[facet.name] = matcher;
}
function checkExamples(rule, examples, expected, ctx, at) {
    if (examples.length > 0 && rule.tool.kind === 'class' && coversWholeTool(rule))
        throw new RuleError(at, `examples of a Class(...) rule need a ${facetNames()} to check`);
    examples.forEach((example, i) => {
        if (ruleMatchesExample(rule, example, ctx.base) === expected)
            return;
        const what = expected ? 'does not match' : 'matches';
        const note = (expected && rule.behavior === 'allow' && firstFacet(rule)?.allowExampleNote?.(example)) || '';
        throw new RuleError(`${at}[${i}]`, `the rule ${what} its ${expected ? 'match' : 'notMatch'} example "${example}"${note}`);
    });
}
function warn(ctx, at, message) {
    ctx.warnings.push({ source: ctx.source, layer: ctx.layer, path: at, message });
}
const warner = (ctx) => (at, message) => warn(ctx, at, message);
function warnTool(tool, ctx, at) {
    const known = ctx.knownTools;
    if (!known)
        return;
    if (tool.kind === 'name' && !known.has(tool.name) && !tool.name.startsWith('mcp__'))
        warn(ctx, at, `no tool is named "${tool.name}", so this rule can never match`);
    if (tool.kind === 'glob' &&
        !tool.pattern.startsWith('mcp__') &&
        ![...known.keys()].some((n) => tool.regex.test(n)))
        warn(ctx, at, `no tool name matches "${tool.pattern}", so this rule can never match`);
}
function warnFacet(tool, facets, facet, ctx, at) {
    if (facets && !facets.includes(facet.name))
        warn(ctx, at, `${selectorText(tool)} calls carry no ${facet.noun.replace(/^a /, '')}, so a rule on ${facet.noun} can never match them`);
}
//# sourceMappingURL=compile.js.map