// Ajv errors rewritten as short sentences a model can act on: one per problem, in path order.

import type { ErrorObject } from 'ajv';
import { describeValue, escapeSegment } from './pointer.js';

/** One thing wrong with the arguments: a JSON pointer (`` for the root) and a full sentence naming it. */
export interface ValidationProblem {
  path: string;
  message: string;
}

const MAX_LISTED = 20;
const MAX_IN_MESSAGE = 20;
/** A schema's pattern comes from whoever wrote the tool: quote at most this much of it to the model. */
const MAX_PATTERN_QUOTED = 200;

/** Convert ajv errors (compiled with `verbose: true`) into deduplicated problems ordered by path. */
export function toProblems(errors: ReadonlyArray<ErrorObject>): ValidationProblem[] {
  const dropped = branchErrors(errors);
  const seen = new Set<string>();
  const problems: ValidationProblem[] = [];
  for (let i = 0; i < errors.length; i++) {
    if (dropped?.has(i)) continue;
    const problem = toProblem(errors[i]!);
    if (seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
  }
  // Stable: problems at the same path keep ajv's evaluation order.
  return problems.sort((a, b) => comparePointers(a.path, b.path));
}

/** The one-line error for a tool call: `Invalid arguments for read_file: /a ...; /b ....` */
export function formatValidationMessage(toolName: string, problems: ValidationProblem[]): string {
  const shown = problems.slice(0, MAX_IN_MESSAGE).map((p) => p.message);
  if (problems.length > MAX_IN_MESSAGE) shown.push(`and ${problems.length - MAX_IN_MESSAGE} more problems`);
  return `Invalid arguments for ${toolName}: ${shown.join('; ')}.`;
}

function toProblem(e: ErrorObject): ValidationProblem {
  const path = e.instancePath;
  const at = path === '' ? 'arguments' : path;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return {
        path,
        message: `${at} must be ${String(p.type).split(',').join(' or ')} (got ${got(e.data)})`,
      };
    case 'required': {
      const child = `${path}/${escapeSegment(String(p.missingProperty))}`;
      return { path: child, message: `${child} is required` };
    }
    case 'dependentRequired':
    case 'dependencies': {
      const child = `${path}/${escapeSegment(String(p.missingProperty))}`;
      return {
        path: child,
        message: `${child} is required when ${path}/${escapeSegment(String(p.property))} is given`,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(p.additionalProperty ?? p.unevaluatedProperty);
      const child = `${path}/${escapeSegment(key)}`;
      return { path: child, message: `${child} is not allowed${allowedList(e.parentSchema)}` };
    }
    case 'enum':
      return {
        path,
        message: `${at} must be one of ${listValues(p.allowedValues as unknown[])} (got ${got(e.data)})`,
      };
    case 'const':
      return { path, message: `${at} must be ${describeValue(p.allowedValue)} (got ${got(e.data)})` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        path,
        message: `${at} must be ${String(p.comparison)} ${String(p.limit)} (got ${got(e.data)})`,
      };
    case 'multipleOf':
      return { path, message: `${at} must be a multiple of ${String(p.multipleOf)} (got ${got(e.data)})` };
    case 'minLength':
      return { path, message: `${at} must have at least ${count(p.limit, 'character')}` };
    case 'maxLength':
      return { path, message: `${at} must have at most ${count(p.limit, 'character')}` };
    case 'minItems':
      return { path, message: `${at} must have at least ${count(p.limit, 'item')}` };
    case 'maxItems':
      return { path, message: `${at} must have at most ${count(p.limit, 'item')}` };
    case 'minProperties':
      return { path, message: `${at} must have at least ${count(p.limit, 'property', 'properties')}` };
    case 'maxProperties':
      return { path, message: `${at} must have at most ${count(p.limit, 'property', 'properties')}` };
    case 'uniqueItems':
      return {
        path,
        message: `${at} must not repeat items (items ${String(p.j)} and ${String(p.i)} are equal)`,
      };
    case 'pattern':
      return {
        path,
        message: `${at} must match the pattern ${shortPattern(p.pattern)} (got ${got(e.data)})`,
      };
    case 'format':
      return { path, message: `${at} must be a valid ${String(p.format)} (got ${got(e.data)})` };
    case 'anyOf':
      return { path, message: `${at} must match one of the allowed shapes` };
    case 'oneOf':
      return Array.isArray(p.passingSchemas)
        ? { path, message: `${at} must match exactly one of the allowed shapes (it matches several)` }
        : { path, message: `${at} must match one of the allowed shapes` };
    case 'false schema':
      return { path, message: `${at} is not allowed` };
    default:
      return { path, message: `${at} ${e.message ?? 'is invalid'}` };
  }
}

// With allErrors, ajv reports every failing anyOf/oneOf branch right before the combinator's own error.
// Those branch errors are noise to a model; the combinator error alone says what to fix.
function branchErrors(errors: ReadonlyArray<ErrorObject>): Set<number> | undefined {
  let dropped: Set<number> | undefined;
  for (let k = 0; k < errors.length; k++) {
    const e = errors[k]!;
    if (e.keyword !== 'anyOf' && e.keyword !== 'oneOf') continue;
    const own = `${e.schemaPath}/`;
    const parent = `${e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'))}/`;
    for (let j = k - 1; j >= 0; j--) {
      const b = errors[j]!;
      if (!isAtOrUnder(b.instancePath, e.instancePath)) break;
      // Errors from a branch reached through $ref carry the referenced schema's path, outside the parent.
      const viaRef =
        !b.schemaPath.startsWith(parent) ||
        (parent === '#/' &&
          (b.schemaPath.startsWith('#/$defs/') || b.schemaPath.startsWith('#/definitions/')));
      if (!b.schemaPath.startsWith(own) && !viaRef) break;
      dropped ??= new Set();
      dropped.add(j);
    }
  }
  return dropped;
}

function isAtOrUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

function got(value: unknown): string {
  return describeValue(value);
}

function shortPattern(pattern: unknown): string {
  const text = String(pattern);
  return text.length <= MAX_PATTERN_QUOTED ? text : `${text.slice(0, MAX_PATTERN_QUOTED)}…`;
}

function count(limit: unknown, noun: string, plural = `${noun}s`): string {
  return `${String(limit)} ${limit === 1 ? noun : plural}`;
}

function listValues(values: unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => describeValue(v));
  if (values.length > MAX_LISTED) shown.push(`… (${values.length - MAX_LISTED} more)`);
  return shown.join(', ');
}

function allowedList(parentSchema: unknown): string {
  const props = (parentSchema as { properties?: unknown } | undefined)?.properties;
  if (!props || typeof props !== 'object') return '';
  const names = Object.keys(props);
  if (names.length === 0) return ' (no properties are allowed here)';
  const shown = names.slice(0, MAX_LISTED);
  if (names.length > MAX_LISTED) shown.push(`… (${names.length - MAX_LISTED} more)`);
  return ` (allowed: ${shown.join(', ')})`;
}

// Segment-wise order, numeric for array indexes, so /edits/2 sorts before /edits/10.
function comparePointers(a: string, b: string): number {
  if (a === b) return 0;
  const sa = a.split('/');
  const sb = b.split('/');
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const x = sa[i]!;
    const y = sb[i]!;
    if (x === y) continue;
    const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return sa.length - sb.length;
}
