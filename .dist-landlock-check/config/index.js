// Configuration files (user, project, --config), flags and options in code, merged into createRuntime
// options with the source of every value: what `handrail config` shows and every command runs with.
export { configPaths, formatProblem, loadConfig } from './load.js';
export { TRUST_HINT } from './merge.js';
export { DEFAULT_BRAVE_KEY_VARIABLE } from './runtime-options.js';
export { CONFIG_SCHEMA, CONFIG_SCHEMA_ID } from './schema.js';
export { SETTING_KEYS } from './settings.js';
export { CONFIG_LAYERS, } from './types.js';
//# sourceMappingURL=index.js.map