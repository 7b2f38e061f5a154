// Compiled, cached ajv validators: each distinct schema compiles once per process.

import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../types/index.js';
import { canonicalJson } from './canonical-json.js';
import { toProblems, type ValidationProblem } from './messages.js';
import { SchemaError } from './normalize.js';

/** Check a value against a compiled schema: `null` when valid, else the problems in path order. */
export type Validator = (value: unknown) => ValidationProblem[] | null;

// ajv and ajv-formats are CommonJS; under NodeNext the default import is `module.exports`, whose
// `.default` is the class. Bundlers and vitest may hand over the class itself, so accept both.
type AjvClass = typeof AjvModule.default;
const Ajv07 = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
type AddFormats = typeof addFormatsModule.default;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as AddFormats;

// verbose: errors carry the offending value and parent schema, for "(got ...)" and "(allowed: ...)".
const OPTIONS = {
  allErrors: true,
  strict: false,
  validateFormats: true,
  logger: false,
  verbose: true,
} as const;
const DRAFT_07 = /json-schema\.org\/(draft-04|draft-06|draft-07)\/schema/;
const LRU_SIZE = 500;

type AjvInstance = InstanceType<AjvClass>;
let ajv2020: AjvInstance | undefined;
let ajv07: AjvInstance | undefined;

const byObject = new WeakMap<object, Validator>();
const byText = new Map<string, Validator>();

/** Compile a JSON Schema into a validator, cached by object identity and by canonical JSON text. */
export function compileValidator(schema: JsonSchema): Validator {
  const cached = byObject.get(schema);
  if (cached) return cached;
  let text: string;
  try {
    text = canonicalJson(schema);
  } catch (err) {
    throw new SchemaError(
      `the schema is not plain JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  let validator = byText.get(text);
  if (validator) {
    // Refresh its place in the LRU order.
    byText.delete(text);
  } else {
    validator = wrap(compileAjv(schema));
  }
  byText.set(text, validator);
  if (byText.size > LRU_SIZE) byText.delete(byText.keys().next().value as string);
  byObject.set(schema, validator);
  return validator;
}

function wrap(validate: ValidateFunction): Validator {
  return (value) => (validate(value) ? null : toProblems(validate.errors as ErrorObject[]));
}

function compileAjv(schema: JsonSchema): ValidateFunction {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : undefined;
  // Compile without the root $schema: ajv would otherwise demand that exact meta-schema URI be loaded
  // (https variants, draft-04/06, 2019-09 all appear in the wild); the instance's own draft applies.
  const { $schema: _ignored, ...body } = schema;
  if (declared && DRAFT_07.test(declared)) return compileWith(instance07(), body);
  try {
    return compileWith(instance2020(), body);
  } catch (err) {
    // Schemas without $schema are often written for draft-07 (array-form "items"): try that draft too.
    if (declared) throw err;
    try {
      return compileWith(instance07(), body);
    } catch {
      throw err;
    }
  }
}

function compileWith(ajv: AjvInstance, schema: object): ValidateFunction {
  try {
    return ajv.compile(schema);
  } catch (err) {
    throw new SchemaError(`invalid JSON Schema: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    // The validate function is self-contained; dropping ajv's own reference keeps memory bounded by
    // our LRU and lets two unrelated schemas reuse the same $id.
    ajv.removeSchema(schema);
  }
}

function instance2020(): AjvInstance {
  ajv2020 ??= withFormats(new Ajv2020(OPTIONS));
  return ajv2020;
}

function instance07(): AjvInstance {
  ajv07 ??= withFormats(new Ajv07(OPTIONS));
  return ajv07;
}

function withFormats(ajv: AjvInstance): AjvInstance {
  addFormats(ajv);
  return ajv;
}
