import type { PermissionBehavior } from '../../types/index.js';
import { type PathBase } from './facets/index.js';
import { type CompiledRule, type KnownTools, type LayerName, type PolicyWarning, type StructuredRule } from './types.js';
/** A rule that cannot be loaded; `path` is its JSON path in the file (`allow[2]`, `rules[0].match[1]`). */
export declare class RuleError extends Error {
    readonly path: string;
    constructor(path: string, message: string);
}
export interface CompileContext {
    layer: LayerName;
    source: string;
    base: PathBase;
    /**
     * Tools that exist, for "unknown tool" warnings (none given: no such warnings), with the facets they declare
     * (a built-in's are known without it).
     */
    knownTools?: KnownTools;
    warnings: PolicyWarning[];
    /** Next ordinal across all layers. */
    nextOrder(): number;
}
/** Compile one `Tool(specifier)` string from an allow / ask / deny list. */
export declare function compileRuleText(text: string, behavior: PermissionBehavior, ctx: CompileContext, at: string): CompiledRule;
/** Compile one structured rule and check its examples. */
export declare function compileStructured(raw: StructuredRule, ctx: CompileContext, at: string): CompiledRule;
/** Whether a rule matches one example, judged the way evaluation would judge a call. */
export declare function ruleMatchesExample(rule: CompiledRule, example: string, base: PathBase): boolean;
