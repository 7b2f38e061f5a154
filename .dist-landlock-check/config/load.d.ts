import { type ConfigProblem, type LoadConfigOptions, type LoadedConfig } from './types.js';
/** Where the user and project files are looked for. */
export declare function configPaths(opts: {
    cwd: string;
    env?: Record<string, string | undefined>;
    home?: string;
}): {
    user: string;
    project: string;
};
/**
 * The effective configuration for a workspace. Never throws for a bad file: `errors` lists every problem of
 * every layer (file, setting, line and column), and a runtime should not be built while there are any.
 */
export declare function loadConfig(opts: LoadConfigOptions): LoadedConfig;
/** `file:line:column: setting: message` (or `command line: …` for flags), then `; hint` unless left out. */
export declare function formatProblem(problem: ConfigProblem, opts?: {
    hint?: boolean;
}): string;
