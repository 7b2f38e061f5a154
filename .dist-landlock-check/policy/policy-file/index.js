// Policy files: loading the layers, the published schema, appending "always" rules.
export { appendRule } from './append.js';
export { PolicyLoadError } from './errors.js';
export { jsonPath, parseJson, schemaProblems } from './json.js';
export { checkPolicyLayers, defaultPolicyPaths, loadLayer, loadPolicyLayers, } from './load.js';
export { POLICY_SCHEMA, POLICY_SCHEMA_ID } from './schema.js';
//# sourceMappingURL=index.js.map