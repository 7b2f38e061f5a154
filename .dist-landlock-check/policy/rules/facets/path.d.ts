import { type FacetDefinition, type MatchMode, type PathBase } from './definition.js';
export interface PathMatcher {
    kind: 'path';
    /** The pattern after resolution (absolute, base realpath'd). */
    resolved: string;
    test(canonicalPath: string, mode: MatchMode): boolean;
}
export declare const pathFacet: FacetDefinition<'path', PathMatcher, string, string[], string>;
/**
 * Resolve a path pattern: `~/` against home, relative against the workspace (a pattern without a slash, like
 * `.env` or `*.pem`, matches that name at any depth under it), then realpath of its static part so a rule
 * written against a symlinked spelling matches the canonical paths intents carry.
 */
export declare function resolvePathPattern(pattern: string, base: PathBase): string;
export declare function pathMatcher(pattern: string, base: PathBase): PathMatcher;
/** Escape a literal path for picomatch. */
export declare function escapeGlob(literal: string): string;
