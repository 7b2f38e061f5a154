import type { LayerName } from '../rules/types.js';
export interface AppendOptions {
    /** For relative patterns when the result is validated (default: the file's project, else cwd). */
    workspace?: string;
    home?: string;
}
/**
 * Add `ruleText` (one rule or several) to the `allow` list of `file`. Rules already present are not repeated.
 * Returns the rules actually added. Throws PolicyLoadError, without touching the file, when the file is
 * not valid now or would not be afterwards.
 */
export declare function appendRule(file: string, layer: LayerName, ruleText: string | string[], options?: AppendOptions): Promise<string[]>;
