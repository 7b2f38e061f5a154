import { type ActionKind, type PolicyFacet } from '../../types/index.js';
import type { KnownTool, KnownTools, ToolSelector } from './types.js';
/** Capitalized names users know from Claude Code, each standing for an action kind. */
export declare const CLASS_ALIASES: Record<string, ActionKind>;
/**
 * Which facets a selector's tools have: what the tool declares (`knownTools`), else what the built-in of that
 * name carries, else none for an MCP tool (the runtime classifies it; its scope carries no facet). Undefined
 * when it cannot be known (user tools that declare nothing, globs).
 */
export declare function selectorFacets(selector: ToolSelector, tools?: KnownTools): readonly PolicyFacet[] | undefined;
/** Tools by name, with the facets each declares (undefined: it declares none), for lookups at compile. */
export declare function knownToolMap(tools: Iterable<KnownTool>): KnownTools;
/** Parse the tool part of a rule; a string is a problem to report. */
export declare function parseToolSelector(text: string): ToolSelector | string;
export declare function selectorMatches(selector: ToolSelector, tool: string, action: ActionKind): boolean;
/** The selector as rule text. */
export declare function selectorText(selector: ToolSelector): string;
