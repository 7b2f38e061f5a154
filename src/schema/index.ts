// The schema module: input schema conversion, argument decoding and repair, validation, lint.

export { canonicalJson } from './canonical-json.js';
export { type DecodeResult, decodeArguments, type Repair, type RepairKind } from './decode.js';
export { lintToolSchema, openAIStrictReport } from './lint.js';
export { formatValidationMessage, type ValidationProblem } from './messages.js';
export {
  forProvider,
  SchemaError,
  type StandardOutcome,
  type StandardValidate,
  toJsonSchema,
} from './normalize.js';
export { escapeSegment } from './pointer.js';
export { repairArguments } from './repair.js';
export { type CompileOptions, compileValidator, type Validator } from './validator.js';
