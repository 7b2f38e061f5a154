// JSON parsing with the line and column of a syntax error, and ajv validation with JSON paths.

import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import { distance } from 'fastest-levenshtein';
import type { PolicyProblem } from './errors.js';
import { locateJsonError } from './json-locate.js';
import { POLICY_SCHEMA } from './schema.js';

/** Parse JSON, or return where and why it is not JSON. */
export function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: PolicyProblem } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  let error: unknown;
  try {
    value = JSON.parse(body);
  } catch (thrown) {
    error = thrown;
  }
  // Also run on valid JSON: it is what finds a duplicated property.
  const found = locateJsonError(body);
  if (error === undefined && found === undefined) {
    // Half a character (a lone \uD83D escape) cannot be written as UTF-8: a rule holding one matches nothing.
    const broken = body.includes('\\u') ? loneSurrogateAt(value, '') : undefined;
    if (broken === undefined) return { ok: true, value };
    const message =
      'has a lone UTF-16 surrogate (half of a character, as a \\uD800-\\uDFFF escape), which cannot be written as UTF-8 and would match nothing; write the whole character';
    return { ok: false, problem: { path: jsonPath(broken), message } };
  }
  const offset = found?.offset ?? body.length;
  const before = body.slice(0, offset).split('\n');
  const where = `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
  return {
    ok: false,
    problem: {
      path: '(file)',
      message: `invalid JSON at ${where}: ${found?.message ?? (error as Error).message}`,
    },
  };
}

/** The JSON pointer of the first string (or key) with a lone surrogate in a parsed value. */
function loneSurrogateAt(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return /\p{Surrogate}/u.test(value) ? at : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const found = /\p{Surrogate}/u.test(key) ? here : loneSurrogateAt(item, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

type AjvClass = typeof AjvModule.default;
const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
let validator: ValidateFunction | undefined;

/** Schema problems of a parsed policy, in document order; empty when valid. */
export function schemaProblems(value: unknown): PolicyProblem[] {
  validator ??= new Ajv({ allErrors: true, strict: false, logger: false }).compile(POLICY_SCHEMA);
  if (validator(value)) return [];
  const seen = new Set<string>();
  const problems: PolicyProblem[] = [];
  for (const error of validator.errors ?? []) {
    const problem = describe(error);
    const key = `${problem.path}\0${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

/** `/rules/2/decision` → `rules[2].decision`. */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '(root)';
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}

function describe(error: ErrorObject): PolicyProblem {
  const path = jsonPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperty':
    case 'additionalProperties':
      return {
        path:
          path === '(root)'
            ? String(params.additionalProperty)
            : `${path}.${String(params.additionalProperty)}`,
        message: `unknown property "${String(params.additionalProperty)}"${hint(String(params.additionalProperty))}`,
      };
    case 'required':
      return { path, message: `missing required property "${String(params.missingProperty)}"` };
    case 'enum':
      return {
        path,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'type':
      return { path, message: `must be ${String(params.type)}` };
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

/** Every property name a policy file may use, at the top or in a structured rule: what a typo is close to. */
const PROPERTY_NAMES: readonly string[] = [
  ...Object.keys(POLICY_SCHEMA.properties),
  ...Object.keys(POLICY_SCHEMA.definitions.structuredRule.properties),
];

function hint(name: string): string {
  const close = PROPERTY_NAMES.find((k) => distance(k.toLowerCase(), name.toLowerCase()) <= 2);
  return close && close !== name ? ` (did you mean "${close}"?)` : '';
}
