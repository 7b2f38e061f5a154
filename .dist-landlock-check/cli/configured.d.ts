import { type ConfigProblem, type LoadedConfig } from '../config/index.js';
import type { WorkspaceOptions } from '../server/index.js';
import type { GlobalOptions } from './global-options.js';
import { type CliIO, UsageError } from './style.js';
export declare function loadEffectiveConfig(globals: GlobalOptions, io: Pick<CliIO, 'env'>): LoadedConfig;
/** The configuration, checked: throws a usage error listing every problem; prints the warnings. */
export declare function checkedConfig(globals: GlobalOptions, io: CliIO, where: string): LoadedConfig;
/** The workspace options a runtime is built from: the effective configuration. */
export declare function configuredWorkspace(globals: GlobalOptions, io: CliIO, where: string): WorkspaceOptions & {
    root: string;
};
export declare function configError(loaded: LoadedConfig): UsageError;
/** One line per warning; the way to trust the project once, after the settings it ignored. */
export declare function printWarnings(warnings: readonly ConfigProblem[], io: Pick<CliIO, 'stderr' | 'env'>, where: string): void;
