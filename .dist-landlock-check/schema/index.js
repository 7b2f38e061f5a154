// The schema module: input schema conversion, argument decoding and repair, validation, lint.
export { canonicalJson } from './canonical-json.js';
export { decodeArguments } from './decode.js';
export { lintToolSchema, openAIStrictReport } from './lint.js';
export { formatValidationMessage } from './messages.js';
export { forProvider, SchemaError, toJsonSchema, } from './normalize.js';
export { repairArguments } from './repair.js';
export { compileValidator } from './validator.js';
//# sourceMappingURL=index.js.map