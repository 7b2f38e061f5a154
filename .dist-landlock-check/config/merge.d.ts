import type { ConfigLayerInput } from './read.js';
import { type SettingContext } from './settings.js';
import type { ConfigProblem, SettingReport } from './types.js';
export declare const TRUST_HINT = "an untrusted project only tightens; trust it with --trust-project (loadConfig({ trustProject: true }), createRuntime({ trustProjectPolicy: true }))";
export interface MergedConfig {
    /** Effective values by dotted key. */
    values: Map<string, unknown>;
    reports: Record<string, SettingReport>;
    /** The layer (and JSON pointer) each set value came from, to place later problems. */
    origins: Map<string, {
        input: ConfigLayerInput;
        pointer: string;
    }>;
    warnings: ConfigProblem[];
}
export declare function mergeLayers(layers: readonly ConfigLayerInput[], ctx: SettingContext & {
    trustProject: boolean;
}): MergedConfig;
