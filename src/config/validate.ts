// A configuration checked against CONFIG_SCHEMA with ajv: every problem, as a JSON pointer and a sentence a
// person can act on (an unknown key gets the closest known one; a value that fits none of a key's forms is
// told the forms, not ajv's report on each).
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import { suggestNames } from '../core/index.js';
import { escapeSegment } from '../schema/index.js';
import { CONFIG_SCHEMA } from './schema.js';

export interface SchemaProblem {
  /** JSON pointer of the value (`/network/mode`). */
  pointer: string;
  /** The problem is the property name itself (an unknown key): locate the name, not its value. */
  onKey: boolean;
  message: string;
}

type AjvClass = typeof AjvModule.default;
const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
let validator: ValidateFunction | undefined;

type SchemaNode = {
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  oneOf?: readonly SchemaNode[];
  items?: SchemaNode;
};

/** Schema problems of a parsed configuration, in document order; empty when valid. */
export function configSchemaProblems(value: unknown): SchemaProblem[] {
  validator ??= new Ajv({ allErrors: true, strict: false, logger: false }).compile(CONFIG_SCHEMA);
  if (validator(value)) return [];
  const errors = validator.errors ?? [];
  const problems: SchemaProblem[] = [];
  const handled = new Set<ErrorObject>();
  // A value that fits none of a key's forms: report the errors of the form it was meant to be, or the forms.
  for (const oneOf of errors.filter((e) => e.keyword === 'oneOf')) {
    // The same schema applies to every server of mcpServers: the errors inside are this value's only.
    const inside = errors.filter(
      (e) =>
        e.schemaPath.startsWith(`${oneOf.schemaPath}/`) &&
        (e.instancePath === oneOf.instancePath || e.instancePath.startsWith(`${oneOf.instancePath}/`)),
    );
    for (const e of [oneOf, ...inside]) handled.add(e);
    const branch = intendedBranch(oneOf, inside);
    if (branch) problems.push(...branch.map(describe));
    else problems.push({ pointer: oneOf.instancePath, onKey: false, message: `must be ${forms(oneOf)}` });
  }
  // `propertyNames` only repeats the name's own error (its pattern), which says more.
  for (const error of errors) {
    if (!handled.has(error) && error.keyword !== 'propertyNames') problems.push(describe(error));
  }
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The errors of the branch the value was meant for: branches where the value is of another kind (a type,
 * enum or const mismatch at the value itself) or names another discriminant (`provider`) are out; of the
 * rest, the one with fewest errors. Undefined when every branch is out.
 */
function intendedBranch(oneOf: ErrorObject, inside: ErrorObject[]): ErrorObject[] | undefined {
  const byBranch = new Map<string, ErrorObject[]>();
  for (const error of inside) {
    const branch = error.schemaPath.slice(oneOf.schemaPath.length + 1).split('/')[0]!;
    byBranch.set(branch, [...(byBranch.get(branch) ?? []), error]);
  }
  const candidates = [...byBranch.values()].filter(
    (list) =>
      !list.some(
        (e) =>
          e.keyword === 'const' ||
          (e.instancePath === oneOf.instancePath && ['type', 'enum'].includes(e.keyword)),
      ),
  );
  candidates.sort((a, b) => a.length - b.length);
  return candidates[0];
}

/** `"auto", "root" or an object { uid, gid }`, from the schema's branches. */
function forms(oneOf: ErrorObject): string {
  const node = schemaAt(oneOf.schemaPath.replace(/\/oneOf$/, ''));
  const list = (node?.oneOf ?? []).flatMap((branch): string[] => {
    if (branch.enum) return branch.enum.map((v) => JSON.stringify(v));
    if ('const' in branch) return [JSON.stringify(branch.const)];
    const required = (branch.required ?? []).map((key) => {
      const c = branch.properties?.[key]?.const;
      return c === undefined ? key : `${key}: ${JSON.stringify(c)}`;
    });
    return [`an object { ${required.join(', ')} }`];
  });
  return list.length > 1
    ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`
    : (list[0] ?? 'valid');
}

/** A problem with a property name (an unknown key, a server's name), pointed at the name itself. */
function keyProblem(pointer: string, name: string, message: string): SchemaProblem {
  return { pointer: `${pointer}/${escapeSegment(name)}`, onKey: true, message };
}

function describe(error: ErrorObject): SchemaProblem {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = Object.keys(
        schemaAt(error.schemaPath.replace(/\/additionalProperties$/, ''))?.properties ?? {},
      );
      return keyProblem(pointer, name, `unknown key "${name}"${didYouMean(name, known)}`);
    }
    case 'required':
      return { pointer, onKey: false, message: `needs "${String(params.missingProperty)}"` };
    case 'enum':
      return {
        pointer,
        onKey: false,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer, onKey: false, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'type':
      return { pointer, onKey: false, message: `must be ${article(String(params.type))}` };
    case 'minimum':
      return { pointer, onKey: false, message: `must be ≥ ${String(params.limit)}` };
    case 'maxLength': {
      const name = (error as ErrorObject & { propertyName?: string }).propertyName;
      if (name !== undefined) {
        return keyProblem(
          pointer,
          name,
          `server name "${name}" is too long (at most ${String(params.limit)} characters: tool names are mcp__<server>__<tool>, 64 at most)`,
        );
      }
      return { pointer, onKey: false, message: `must be at most ${String(params.limit)} characters` };
    }
    case 'minLength':
      return { pointer, onKey: false, message: 'must not be empty' };
    case 'minItems':
      return { pointer, onKey: false, message: `needs at least ${String(params.limit)} entry` };
    case 'pattern': {
      // A property name against `propertyNames` (an MCP server's name), or a value (an environment variable).
      const name = (error as ErrorObject & { propertyName?: string }).propertyName;
      if (name !== undefined) {
        return keyProblem(
          pointer,
          name,
          `"${name}" is not a valid server name: letters, digits, _ and - only, without "__" and without "_" at either end (tools are named mcp__<server>__<tool>)`,
        );
      }
      return { pointer, onKey: false, message: 'must be an environment variable name (letters, digits, _)' };
    }
    default:
      return { pointer, onKey: false, message: error.message ?? 'is invalid' };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A close key at the same level, or the section a known key belongs in (`allow` → `network.allow`). */
function didYouMean(name: string, known: string[]): string {
  const near = suggestNames(name, known, 1)[0];
  if (near !== undefined) return ` (did you mean "${near}"?)`;
  const elsewhere = ALL_KEYS.find((key) => key.endsWith(`.${name}`));
  return elsewhere ? ` (did you mean "${elsewhere}"?)` : '';
}

/** Every key of the schema, dotted (`network.allow`). */
const ALL_KEYS: readonly string[] = (() => {
  const keys: string[] = [];
  const walk = (node: SchemaNode, prefix: string) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      keys.push(`${prefix}${key}`);
      walk(child, `${prefix}${key}.`);
    }
  };
  walk(CONFIG_SCHEMA as unknown as SchemaNode, '');
  return keys;
})();

/** The schema node at an ajv schemaPath (`#/properties/network`). */
function schemaAt(schemaPath: string): SchemaNode | undefined {
  let node: unknown = CONFIG_SCHEMA;
  for (const segment of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as SchemaNode | undefined;
}
