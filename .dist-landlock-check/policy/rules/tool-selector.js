// The tool part of a rule: a name, a glob of names, `*`, `Class(kind)`, or a Claude-Code-style class alias
// (`Read`, `Edit`, `Write`, `Bash`, `WebFetch`). Also which facets a selector's tools carry: how a rule's
// specifier is read, and when it can never match.
import { ACTION_KINDS, BUILTIN_TOOL_FACETS, } from '../../types/index.js';
import { FACETS } from './facets/index.js';
/** Capitalized names users know from Claude Code, each standing for an action kind. */
export const CLASS_ALIASES = {
    Read: 'file_read',
    Edit: 'file_write',
    Write: 'file_write',
    Bash: 'shell_command',
    WebFetch: 'network',
};
/**
 * Which facets a selector's tools have: what the tool declares (`knownTools`), else what the built-in of that
 * name carries, else none for an MCP tool (the runtime classifies it; its scope carries no facet). Undefined
 * when it cannot be known (user tools that declare nothing, globs).
 */
export function selectorFacets(selector, tools) {
    if (selector.kind === 'name') {
        const name = selector.name;
        return tools?.get(name) ?? builtinFacets(name) ?? (isMcp(name) ? [] : undefined);
    }
    if (selector.kind === 'class') {
        const action = selector.action;
        return FACETS.filter((facet) => facet.actionKinds.includes(action)).map((facet) => facet.name);
    }
    return undefined;
}
const builtinFacets = (name) => Object.hasOwn(BUILTIN_TOOL_FACETS, name) ? BUILTIN_TOOL_FACETS[name] : undefined;
/** Tools by name, with the facets each declares (undefined: it declares none), for lookups at compile. */
export function knownToolMap(tools) {
    const map = new Map();
    for (const tool of tools) {
        if (typeof tool === 'string')
            map.set(tool, undefined);
        else
            map.set(tool.name, tool.facets);
    }
    return map;
}
const isMcp = (name) => name.startsWith('mcp__');
const NAME = /^[A-Za-z0-9_*-]{1,64}$/;
/** Parse the tool part of a rule; a string is a problem to report. */
export function parseToolSelector(text) {
    const cls = /^Class\((.*)\)$/.exec(text);
    if (cls) {
        const action = cls[1].trim();
        if (!ACTION_KINDS.includes(action))
            return `unknown action kind "${cls[1]}" in ${text} (known: ${ACTION_KINDS.join(', ')})`;
        return { kind: 'class', action };
    }
    const alias = CLASS_ALIASES[text];
    if (alias)
        return { kind: 'class', action: alias };
    if (text === '*')
        return { kind: 'any' };
    if (!NAME.test(text))
        return `"${text}" is not a tool name (letters, digits, "_" and "-", at most 64; "*" as a wildcard)`;
    // `mcp__server` stands for every tool of that server, as in Claude Code.
    if (isMcp(text) && !text.slice(5).includes('__') && !text.includes('*')) {
        return { kind: 'glob', pattern: `${text}__*`, regex: new RegExp(`^${escapeRegex(text)}__.+$`) };
    }
    if (!text.includes('*'))
        return { kind: 'name', name: text };
    return {
        kind: 'glob',
        pattern: text,
        regex: new RegExp(`^${text.split('*').map(escapeRegex).join('.*')}$`),
    };
}
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export function selectorMatches(selector, tool, action) {
    switch (selector.kind) {
        case 'any':
            return true;
        case 'name':
            return selector.name === tool;
        case 'glob':
            return selector.regex.test(tool);
        case 'class':
            return selector.action === action;
    }
}
/** The selector as rule text. */
export function selectorText(selector) {
    switch (selector.kind) {
        case 'any':
            return '*';
        case 'name':
            return selector.name;
        case 'glob':
            return selector.pattern;
        case 'class':
            return `Class(${selector.action})`;
    }
}
//# sourceMappingURL=tool-selector.js.map