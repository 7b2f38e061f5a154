import type { RuntimeOptions } from '../core/index.js';
import type { MergedConfig } from './merge.js';
import type { ConfigProblem } from './types.js';
export declare const DEFAULT_BRAVE_KEY_VARIABLE = "BRAVE_API_KEY";
export declare function toRuntimeOptions(merged: MergedConfig, ctx: {
    workspace: string;
    trustProject: boolean;
    env: Record<string, string | undefined>;
}): {
    options: RuntimeOptions;
    problems: ConfigProblem[];
    warnings: ConfigProblem[];
};
