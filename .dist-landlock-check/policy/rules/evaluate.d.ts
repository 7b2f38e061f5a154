import type { ActionKind, PermissionIntent, PolicyFacet } from '../../types/index.js';
import { type FacetValues } from './facets/index.js';
import { type CompiledRule, type RuleVerdict } from './types.js';
interface Applicable {
    deny: CompiledRule[];
    ask: CompiledRule[];
    allow: CompiledRule[];
}
/** Rules grouped by tool name once, and per (action, tool) on first use. */
export declare class RuleIndex {
    readonly rules: readonly CompiledRule[];
    private readonly byName;
    private readonly wide;
    private readonly cache;
    constructor(rules: readonly CompiledRule[]);
    applicable(tool: string, action: ActionKind): Applicable;
}
/** What an intent offers rules to match, by facet: sub-command argv, canonical paths, host. */
export type Facets = {
    [F in PolicyFacet]?: FacetValues<F>;
};
export declare function facetsOf(intent: PermissionIntent): Facets;
/** Whether a deny or ask rule fires: it covers the tool, or any item of a facet the call carries matches. */
export declare function blocks(rule: CompiledRule, f: Facets): boolean;
/** Something that holds compiled layers (what `loadPolicyLayers` returns). */
export interface RuleSource {
    index: RuleIndex;
}
/** The rules' verdict on an intent, or undefined when no rule decides (the mode does). */
export declare function evaluateRules(policy: RuleSource | undefined, intent: PermissionIntent): RuleVerdict | undefined;
export {};
