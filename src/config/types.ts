// The vocabulary of configuration loading: the layers, a problem in one of them, and where each effective
// value came from.
import type { RuntimeOptions } from '../core/index.js';
import type { McpServerConfig } from '../extensions/index.js';
import type { HandrailConfig } from './schema-type.js';

/** createRuntime options from a configuration: the core's, and the MCP servers to start (disabled ones out). */
export type ConfiguredRuntimeOptions = RuntimeOptions & { mcpServers?: Record<string, McpServerConfig> };

export type { HandrailConfig } from './schema-type.js';

/**
 * Where a value comes from, weakest first: the built-in default, the user file, the project file, the file
 * given with `--config`, a command-line flag, and options given in code (`loadConfig({ options })`).
 */
export type ConfigLayer = 'default' | 'user' | 'project' | 'file' | 'flag' | 'library';

export const CONFIG_LAYERS: readonly ConfigLayer[] = [
  'default',
  'user',
  'project',
  'file',
  'flag',
  'library',
];

/** Something wrong (an error) or ignored (a warning) in one layer, with its place in the file. */
export interface ConfigProblem {
  layer: ConfigLayer;
  /** The file, for file layers. */
  file?: string;
  /** The setting (`network.allow[2]`), or `(file)` for the file as a whole. */
  path: string;
  line?: number;
  column?: number;
  message: string;
  /**
   * For warnings: `ignored` (an untrusted project's setting that would widen), `not_applied` (a setting this
   * version's runtime does not take yet), `no_effect` (valid, but does nothing as combined).
   */
  code?: 'ignored' | 'not_applied' | 'no_effect';
  /** What to do about it (for `ignored`: how to trust the project). */
  hint?: string;
}

/** One contribution to a setting: its value and where it came from. */
export interface ValueOrigin {
  value: unknown;
  source: ConfigLayer;
  file?: string;
}

/** How a setting got its effective value. */
export interface SettingReport {
  /** The effective value (for a list, every entry that counts). */
  value: unknown;
  /** Where it came from; for a list, the strongest layer that added an entry (`default` when empty). */
  source: ConfigLayer;
  file?: string;
  /** A list's entries, each with its own source. */
  entries?: ValueOrigin[];
  /** Values of weaker layers this one replaced. */
  overridden?: ValueOrigin[];
  /** Values not used, and why (an untrusted project that would widen). */
  ignored?: Array<ValueOrigin & { reason: string }>;
}

/** A configuration file handrail looked for. */
export interface ConfigFileInfo {
  layer: 'user' | 'project' | 'file';
  path: string;
  /** `mcp`: a file in the MCP clients' format (`--mcp-config`), read for its `mcpServers` only. */
  format?: 'mcp';
  found: boolean;
  /** Whether its widening settings count (always, except an untrusted project's). */
  trusted: boolean;
}

export interface LoadConfigOptions {
  /** The workspace: where `.handrail/config.json` is looked for, and what relative paths resolve against. */
  cwd: string;
  /** A configuration file of your choosing (`--config FILE`; relative to cwd); trusted, and required to exist. */
  configFile?: string;
  /**
   * A file in the format MCP clients use, `{ "mcpServers": { ... } }` (`--mcp-config FILE`; relative to cwd):
   * its servers, as a trusted layer above `configFile`. Its other keys are the client's, ignored.
   */
  mcpConfigFile?: string;
  /** Command-line flags, above the files. */
  flags?: HandrailConfig;
  /** Options from code, above everything. */
  options?: HandrailConfig;
  /**
   * Let the project's configuration (and policy) widen: the same switch as `--trust-project` and
   * `createRuntime({ trustProjectPolicy })`. Default false: `.handrail/config.json` arrives with the
   * repository, so it may only tighten.
   */
  trustProject?: boolean;
  /** XDG_CONFIG_HOME, HOME and the variables API keys are read from (default process.env). */
  env?: Record<string, string | undefined>;
  /** The home directory for `~/` and the user file (default: env.HOME, else os.homedir()). */
  home?: string;
}

export interface LoadedConfig {
  /**
   * Ready for `createRuntime({ ...options, tools })`: only the settings some layer set. `mcpServers` has its
   * variables expanded (secrets included): pass it on, never print it.
   */
  options: ConfiguredRuntimeOptions;
  /** The effective configuration, every setting filled in (paths absolute; never a secret: env values masked). */
  config: HandrailConfig;
  /** How each setting (dotted: `network.mode`) got its value. */
  sources: Record<string, SettingReport>;
  files: ConfigFileInfo[];
  /** Settings ignored or without effect; the configuration is usable. */
  warnings: ConfigProblem[];
  /** Invalid files or values: do not build a runtime from `options` while there are any. */
  errors: ConfigProblem[];
}
