export { configPaths, formatProblem, loadConfig } from './load.js';
export { TRUST_HINT } from './merge.js';
export { DEFAULT_BRAVE_KEY_VARIABLE } from './runtime-options.js';
export { CONFIG_SCHEMA, CONFIG_SCHEMA_ID } from './schema.js';
export type { FromSchema, HandrailConfig } from './schema-type.js';
export { SETTING_KEYS } from './settings.js';
export { CONFIG_LAYERS, type ConfigFileInfo, type ConfigLayer, type ConfigProblem, type LoadConfigOptions, type LoadedConfig, type SettingReport, type ValueOrigin, } from './types.js';
