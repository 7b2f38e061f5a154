// Compiled, cached ajv validators: each distinct schema compiles once per process. Patterns run on RE2
// (linear time, see pattern-engine.ts), so no argument can make validation backtrack for hours.

import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { JsonSchema } from '../types/index.js';
import { canonicalJson } from './canonical-json.js';
import { addLinearFormats } from './formats.js';
import { toProblems, type ValidationProblem } from './messages.js';
import { SchemaError } from './normalize.js';
import {
  linearRegExp,
  PatternBudgetError,
  PatternRefusedError,
  withMatchBudget,
  withPatternRule,
} from './pattern-engine.js';

/** Check a value against a compiled schema: `null` when valid, else the problems in path order. */
export type Validator = (value: unknown) => ValidationProblem[] | null;

export interface CompileOptions {
  /**
   * The schema is the runtime owner's own code (a built-in or user tool), not a server's: a pattern RE2
   * cannot run (lookaround, backreferences) falls back to JavaScript's engine instead of refusing the
   * schema. Default false: such a pattern makes compiling throw a SchemaError that names it.
   */
  trusted?: boolean;
}

// ajv is CommonJS; under NodeNext the default import is `module.exports`, whose
// `.default` is the class. Bundlers and vitest may hand over the class itself, so accept both.
type AjvClass = typeof AjvModule.default;
const Ajv07 = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;

// verbose: errors carry the offending value and parent schema, for "(got ...)" and "(allowed: ...)".
const OPTIONS = {
  allErrors: true,
  strict: false,
  validateFormats: true,
  logger: false,
  verbose: true,
  // The engine translates `u`-mode syntax (ajv's default, stated here because the translation relies on it).
  unicodeRegExp: true,
  code: { regExp: linearRegExp },
} as const;
const DRAFT_07 = /json-schema\.org\/(draft-04|draft-06|draft-07)\/schema/;
const LRU_SIZE = 500;
// ajv's code scope keeps every schema, pattern and function it ever compiled; a fresh instance after this
// many compiles bounds that (an MCP server can change its tool list forever). Old validators keep theirs.
const COMPILES_PER_INSTANCE = 1000;

type AjvInstance = InstanceType<AjvClass>;
let ajv2020: AjvInstance | undefined;
let ajv07: AjvInstance | undefined;
let compiles = 0;

/** A compiled schema; `refusal` when a pattern in it runs on JavaScript's engine (trusted schemas only). */
interface Compiled {
  validator: Validator;
  refusal?: string;
}

const byObject = new WeakMap<object, Compiled>();
const byText = new Map<string, Compiled>();

/**
 * Compile a JSON Schema into a validator, cached by object identity and by canonical JSON text. Throws a
 * SchemaError when the schema is invalid, or uses a pattern only JavaScript's engine runs and is not trusted.
 */
export function compileValidator(schema: JsonSchema, options: CompileOptions = {}): Validator {
  const trusted = options.trusted === true;
  const cached = byObject.get(schema);
  if (cached) return admit(cached, trusted);
  let text: string;
  try {
    text = canonicalJson(schema);
  } catch (err) {
    throw new SchemaError(
      `the schema is not plain JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  let compiled = byText.get(text);
  if (compiled) {
    // Refresh its place in the LRU order.
    byText.delete(text);
  } else {
    const { result, fallbacks } = withPatternRule(trusted, () => compileAjv(schema));
    compiled = { validator: wrap(result), ...(fallbacks[0] ? { refusal: fallbacks[0].message } : {}) };
  }
  byText.set(text, compiled);
  if (byText.size > LRU_SIZE) byText.delete(byText.keys().next().value as string);
  byObject.set(schema, compiled);
  return admit(compiled, trusted);
}

/** A compile made for a trusted schema may run patterns on JavaScript's engine: not for anyone else. */
function admit(compiled: Compiled, trusted: boolean): Validator {
  if (compiled.refusal !== undefined && !trusted) throw new SchemaError(compiled.refusal);
  return compiled.validator;
}

function wrap(validate: ValidateFunction): Validator {
  return (value) => {
    try {
      return withMatchBudget(() => validate(value)) ? null : toProblems(validate.errors as ErrorObject[]);
    } catch (error) {
      // The pattern engine stops instead of spending seconds on one string: the arguments fail as a whole.
      if (error instanceof PatternBudgetError) return [{ path: '', message: error.message }];
      throw error;
    }
  };
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
  compiles++;
  try {
    return ajv.compile(schema);
  } catch (err) {
    if (err instanceof PatternRefusedError) throw new SchemaError(err.message);
    throw new SchemaError(`invalid JSON Schema: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    // The validate function is self-contained; dropping ajv's own reference keeps memory bounded by
    // our LRU and lets two unrelated schemas reuse the same $id.
    ajv.removeSchema(schema);
  }
}

function instance2020(): AjvInstance {
  recycle();
  ajv2020 ??= withFormats(new Ajv2020(OPTIONS));
  return ajv2020;
}

function instance07(): AjvInstance {
  recycle();
  ajv07 ??= withFormats(new Ajv07(OPTIONS));
  return ajv07;
}

function recycle(): void {
  if (compiles < COMPILES_PER_INSTANCE) return;
  compiles = 0;
  ajv2020 = undefined;
  ajv07 = undefined;
}

function withFormats(ajv: AjvInstance): AjvInstance {
  addLinearFormats(ajv);
  return ajv;
}
