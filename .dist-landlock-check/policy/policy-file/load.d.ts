import { RuleIndex } from '../rules/evaluate.js';
import type { PathBase } from '../rules/facets/definition.js';
import type { CompiledRule, KnownTool, KnownTools, LayerName, PolicyObject, PolicyWarning } from '../rules/types.js';
import { PolicyLoadError } from './errors.js';
/** A policy file path, an inline policy, or null for none (undefined: the layer's default file, if any). */
export type PolicySource = string | PolicyObject | null | undefined;
export interface LoadPolicyOptions {
    /** Relative path patterns (and relative policy paths) resolve against it. */
    workspace: string;
    managed?: PolicySource;
    project?: PolicySource;
    user?: PolicySource;
    session?: PolicySource;
    /** Home directory for `~/` patterns and the user layer (default: os.homedir()). */
    home?: string;
    /** For XDG_CONFIG_HOME (default: process.env). */
    env?: Record<string, string | undefined>;
    /**
     * The tools that exist (names, or specs with the facets they declare): rules naming others get a warning,
     * and a rule's specifier is read as the facet its tool declares. Built-in tools' facets are known anyway.
     */
    knownTools?: Iterable<KnownTool>;
    /**
     * Use the project layer's allow rules. Default false: `.handrail/policy.json` arrives with the repository,
     * so until you trust the project it can only tighten.
     */
    trustProject?: boolean;
}
export interface LoadedLayer {
    name: LayerName;
    /** The file, or 'inline'. */
    source: string;
    policy: PolicyObject;
    rules: CompiledRule[];
    counts: {
        allow: number;
        ask: number;
        deny: number;
        rules: number;
    };
}
/** Compiled layers, strongest first; pass to `evaluateRules`. */
export interface PolicyLayers {
    workspace: string;
    home: string;
    layers: LoadedLayer[];
    index: RuleIndex;
    warnings: PolicyWarning[];
}
/** The default file of each layer; a default that does not exist is simply no layer. */
export declare function defaultPolicyPaths(opts: Pick<LoadPolicyOptions, 'workspace' | 'home' | 'env'>): Record<LayerName, string | undefined>;
/** Load every layer; throws the first PolicyLoadError (with all of that file's problems). */
export declare function loadPolicyLayers(opts: LoadPolicyOptions): PolicyLayers;
/** Load every layer, collecting every file's errors instead of stopping at the first (for `policy check`). */
export declare function checkPolicyLayers(opts: LoadPolicyOptions): {
    policy: PolicyLayers;
    errors: PolicyLoadError[];
};
interface LayerContext {
    base: PathBase;
    /** Use the project layer's allow rules (default: only its deny and ask rules). */
    trustProject?: boolean;
    warnings: PolicyWarning[];
    knownTools?: KnownTools;
    nextOrder(): number;
}
/** Load one layer from a file path or an inline object. */
export declare function loadLayer(name: LayerName, source: string | PolicyObject, ctx: LayerContext): LoadedLayer;
export {};
