import { type ActionKind, type PermissionBehavior, type PolicyFacet } from '../../types/index.js';
import type { FacetMatcher, FacetSpecifier } from './facets/index.js';
/** The layers, strongest first. A lower layer can tighten a higher one but never loosen its deny. */
export declare const LAYER_NAMES: readonly ["managed", "project", "user", "session"];
export type LayerName = (typeof LAYER_NAMES)[number];
/**
 * A structured rule's specifier: at most one facet's property, e.g. `command` (a prefix of shell tokens,
 * matched against every sub-command), `path` (a path glob, matched against canonical absolute paths) or
 * `domain` (a host, `example.com`, or every subdomain of one, `*.example.com`).
 */
export type StructuredSpecifiers = {
    [F in PolicyFacet]?: FacetSpecifier<F>;
};
/** The structured rule form of a policy file (`rules: [...]`). */
export interface StructuredRule extends StructuredSpecifiers {
    /** A tool name, a glob of names (`mcp__github__*`), `*`, or `Class(kind)`. */
    tool: string;
    decision: PermissionBehavior;
    /** What the model sees when this rule denies a call. */
    message?: string;
    /** Examples the rule must match (command lines, paths, URLs/hosts, or tool names); checked at load. */
    match?: string[];
    /** Examples the rule must not match; checked at load. */
    notMatch?: string[];
}
/** A policy file, as JSON. */
export interface PolicyObject {
    $schema?: string;
    allow?: string[];
    ask?: string[];
    deny?: string[];
    rules?: StructuredRule[];
}
/**
 * A tool that exists, as the policy needs to know it: its name, and the facets its calls carry when it
 * declares them (a ToolSpec will do). Rules naming no such tool are warned about.
 */
export type KnownTool = string | {
    readonly name: string;
    readonly facets?: readonly PolicyFacet[] | undefined;
};
/** Known tools by name, each with the facets it declares (undefined: none declared). */
export type KnownTools = ReadonlyMap<string, readonly PolicyFacet[] | undefined>;
/** Which tools a rule applies to. */
export type ToolSelector = {
    kind: 'any';
} | {
    kind: 'name';
    name: string;
} | {
    kind: 'glob';
    pattern: string;
    regex: RegExp;
} | {
    kind: 'class';
    action: ActionKind;
};
/**
 * A rule's matchers, each under its facet's name: none (the rule covers its whole tools), one, or one per bare
 * facet (a command and a path) when its tools declare no facets.
 */
export type RuleMatchers = {
    [F in PolicyFacet]?: FacetMatcher<F>;
};
/** A rule ready to match: compiled once at load. */
export interface CompiledRule extends RuleMatchers {
    /** As written (`exec_command(git status)`) or its place in the file (`rules[3]`). */
    text: string;
    behavior: PermissionBehavior;
    layer: LayerName;
    /** The layer's file path, or 'inline'. */
    source: string;
    /** JSON path of the rule in its file: `allow[2]`, `rules[0]`. */
    at: string;
    message?: string;
    tool: ToolSelector;
    /** Position across all layers (strongest layer first), for stable ordering. */
    order: number;
}
/** A rule with no matcher at all (no specifier): it covers every call of its tools. */
export declare function coversWholeTool(rule: RuleMatchers): boolean;
/** One rule behind a verdict, for the audit trail. */
export interface RuleRef {
    rule: string;
    layer: LayerName;
    source: string;
}
/** What the rules say about an intent. */
export interface RuleVerdict extends RuleRef {
    behavior: PermissionBehavior;
    /** The deny message the policy author wrote for the model. */
    message?: string;
    /** Every rule that took part (an allow may need one rule per sub-command or path). */
    rules: RuleRef[];
}
/** Something in a policy that is legal but suspicious (usually: a rule that can never match). */
export interface PolicyWarning {
    source: string;
    layer?: LayerName;
    /** JSON path of the rule, e.g. `allow[2]` or `rules[0]`. */
    path: string;
    message: string;
}
