// The path facet: `read_file(src/**)`, `{ "tool": "write_file", "path": "~/.ssh/**" }`. A call carries it as
// `paths`, canonical and absolute. Deny and ask rules on a directory cover what is inside it; allow rules
// match exactly as written, and must cover every path of the call.
import path from 'node:path';
import picomatch from 'picomatch';
import { canonicalizeSync } from '../../../sandbox/index.js';
import { INVISIBLE, PatternError, } from './definition.js';
export const pathFacet = {
    name: 'path',
    noun: 'paths',
    // download_url (a network call) writes a file.
    actionKinds: ['file_read', 'file_write', 'network'],
    // A tool that declares no facets: any specifier reads as a path, so a problem with it is an error.
    ifUndeclared: 'required',
    parse: pathMatcher,
    schema: {
        type: 'string',
        minLength: 1,
        description: 'A path glob (relative to the workspace, ~/ or absolute).',
    },
    parseStructured: pathMatcher,
    matchesExample: (matcher, example, mode, base) => matcher.test(examplePath(example, base), mode),
    read: (scope) => Array.isArray(scope.paths) ? scope.paths.filter((p) => typeof p === 'string') : undefined,
    items: (paths) => paths,
    test: (matcher, p, mode) => matcher.test(p, mode),
    suggest(tool, paths) {
        if (paths.length === 0)
            return undefined;
        const rules = [];
        for (const p of paths) {
            if (!p.startsWith('/') || INVISIBLE.test(p))
                return undefined;
            rules.push(`${tool}(${escapeGlob(p)})`);
        }
        return rules;
    },
};
const GLOB = /(^|[^\\])[*?[\]{}]|(^|[^\\])[!+@]\(/;
/**
 * Resolve a path pattern: `~/` against home, relative against the workspace (a pattern without a slash, like
 * `.env` or `*.pem`, matches that name at any depth under it), then realpath of its static part so a rule
 * written against a symlinked spelling matches the canonical paths intents carry.
 */
export function resolvePathPattern(pattern, base) {
    let text = pattern.trim();
    if (text === '')
        throw new PatternError('the path pattern is empty');
    if (text.includes('\0'))
        throw new PatternError('the path pattern contains a NUL character');
    if (text === '~' || text.startsWith('~/'))
        text = path.join(base.home, text.slice(1));
    else if (!path.isAbsolute(text)) {
        const rel = text.replace(/^(\.\/)+/, '');
        text = !text.includes('/') ? `${base.workspace}/**/${rel}` : `${base.workspace}/${rel}`;
    }
    if (text.length > 1)
        text = text.replace(/\/+$/, '');
    const segments = text.split('/');
    const firstGlob = segments.findIndex((s) => GLOB.test(s));
    const staticPart = firstGlob < 0 ? segments : segments.slice(0, firstGlob);
    const tail = firstGlob < 0 ? [] : segments.slice(firstGlob);
    const literal = path.resolve('/', ...staticPart.map(unescapeGlob));
    const real = canonicalizeSync(literal);
    return [escapeGlob(real === '/' ? '' : real), ...tail].join('/') || '/';
}
export function pathMatcher(pattern, base) {
    const resolved = resolvePathPattern(pattern, base);
    // Compiled on first use: a policy of thousands of path rules loads fast, and a rule is compiled once.
    let exact;
    let beneath;
    let normalized;
    let normalizedBeneath;
    return {
        kind: 'path',
        resolved,
        test(p, mode) {
            exact ??= picomatch(resolved, OPTIONS);
            if (exact(p))
                return true;
            if (mode !== 'block')
                return false;
            // Deny and ask rules on a directory cover what is inside it; allow rules stay exactly as written.
            beneath ??= picomatch(resolved === '/' ? '/**' : `${resolved}/**`, OPTIONS);
            if (beneath(p))
                return true;
            // Deny and ask rules also match the name in the other Unicode normalization (NFC written, NFD on disk).
            normalized ??= picomatch(resolved.normalize('NFC'), OPTIONS);
            normalizedBeneath ??= picomatch(resolved === '/' ? '/**' : `${resolved.normalize('NFC')}/**`, OPTIONS);
            const nfc = p.normalize('NFC');
            return normalized(nfc) || normalizedBeneath(nfc);
        },
    };
}
const OPTIONS = { dot: true, strictSlashes: false };
const unescapeGlob = (segment) => segment.replace(/\\(.)/g, '$1');
/** Escape a literal path for picomatch. */
export function escapeGlob(literal) {
    return literal.replace(/[\\*?[\]{}()!+@]/g, '\\$&');
}
/** An example path as a call would carry it: `~/` against home, relative against the workspace, canonical. */
function examplePath(example, base) {
    const expanded = example === '~' || example.startsWith('~/') ? path.join(base.home, example.slice(1)) : example;
    return canonicalizeSync(path.resolve(base.workspace, expanded));
}
//# sourceMappingURL=path.js.map