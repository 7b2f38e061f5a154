// Policy files: loading the layers, the published schema, appending "always" rules.
export { type AppendOptions, appendRule } from './append.js';
export { PolicyLoadError, type PolicyProblem } from './errors.js';
export { jsonPath, parseJson, schemaProblems } from './json.js';
export {
  checkPolicyLayers,
  defaultPolicyPaths,
  type LoadedLayer,
  type LoadPolicyOptions,
  loadLayer,
  loadPolicyLayers,
  type PolicyLayers,
  type PolicySource,
} from './load.js';
export { MAX_SETTINGS_FILE_BYTES, readSettingsText, settingsReadProblem } from './read-text.js';
export { POLICY_SCHEMA, POLICY_SCHEMA_ID } from './schema.js';
