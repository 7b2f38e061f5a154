// Turn whatever a tool author passes as an input schema (JSON Schema, TypeBox, zod v4, Standard Schema)
// into plain JSON Schema, keeping the library's own validator for refinements ajv cannot express.
import { jsonTypeOf, pointerOf } from './pointer.js';
/** A schema that cannot be used: wrong kind of value, uncompilable, or missing its JSON Schema form. */
export class SchemaError extends Error {
    name = 'SchemaError';
}
const ZOD_UPGRADE = 'this zod version cannot export JSON Schema: upgrade to zod >= 4.2, or pass z.toJSONSchema(schema, { io: "input" }) as the input schema';
/** Convert a JSON Schema, TypeBox, zod v4 or Standard Schema input into a plain JSON Schema object. */
export function toJsonSchema(input) {
    if (input === null || (typeof input !== 'object' && typeof input !== 'function')) {
        throw new SchemaError(`an input schema must be a JSON Schema object or a zod/Standard Schema (got ${jsonTypeOf(input)})`);
    }
    const std = input['~standard'];
    if (std && typeof std === 'object' && typeof std.validate === 'function')
        return fromStandard(input, std);
    if ('_zod' in input || '_def' in input)
        throw new SchemaError(ZOD_UPGRADE);
    if (Array.isArray(input) || typeof input === 'function') {
        throw new SchemaError(`an input schema must be a JSON Schema object (got ${jsonTypeOf(input)})`);
    }
    // TypeBox schemas are plain JSON Schema plus Symbol-keyed metadata; the JSON round trip drops the symbols.
    return { schema: jsonClone(input, 'the input schema') };
}
/** A deep copy without the top-level `$schema` key, which several providers reject in tool parameters. */
export function forProvider(schema) {
    const copy = copyJson(schema);
    delete copy.$schema;
    return copy;
}
function fromStandard(input, std) {
    const toInput = std.jsonSchema?.input;
    if (typeof toInput !== 'function') {
        if ('_zod' in input || std.vendor === 'zod')
            throw new SchemaError(ZOD_UPGRADE);
        throw new SchemaError(`this ${std.vendor ?? 'Standard Schema'} schema carries no JSON Schema (no "~standard.jsonSchema"); pass a JSON Schema object instead`);
    }
    let produced;
    try {
        // 'input' describes what the model must send (defaults optional), not what execute receives.
        produced = toInput.call(std.jsonSchema, { target: 'draft-2020-12' });
    }
    catch (err) {
        throw new SchemaError(`cannot convert the ${std.vendor ?? 'Standard Schema'} schema to JSON Schema: ${message(err)}`);
    }
    if (produced === null || typeof produced !== 'object' || Array.isArray(produced)) {
        throw new SchemaError(`the ${std.vendor ?? 'Standard Schema'} schema produced no JSON Schema object`);
    }
    return { schema: jsonClone(produced, 'the converted schema'), standardValidate: wrapValidate(std) };
}
function wrapValidate(std) {
    return (value) => {
        const result = std.validate(value);
        return isPromiseLike(result) ? Promise.resolve(result).then(toOutcome) : toOutcome(result);
    };
}
function isPromiseLike(value) {
    return typeof value?.then === 'function';
}
function toOutcome(result) {
    if (!result.issues)
        return { ok: true, value: result.value };
    return { ok: false, issues: result.issues.map(formatIssue) };
}
function formatIssue(issue) {
    if (!issue.path || issue.path.length === 0)
        return issue.message;
    const keys = issue.path.map((seg) => (typeof seg === 'object' && seg !== null ? seg.key : seg));
    return `${pointerOf(keys)}: ${issue.message}`;
}
function jsonClone(value, what) {
    let copy;
    try {
        copy = JSON.parse(JSON.stringify(value));
    }
    catch (err) {
        throw new SchemaError(`${what} is not plain JSON: ${message(err)}`);
    }
    if (copy === null || typeof copy !== 'object' || Array.isArray(copy)) {
        throw new SchemaError(`${what} is not a JSON object`);
    }
    return copy;
}
// Schemas reaching forProvider are JSON already; a recursive copy avoids a string round trip.
function copyJson(value) {
    if (value === null || typeof value !== 'object')
        return value;
    if (Array.isArray(value))
        return value.map(copyJson);
    const out = {};
    for (const key of Object.keys(value)) {
        const v = value[key];
        if (v === undefined || typeof v === 'function')
            continue;
        // A property named "__proto__" must stay a property, not become the copy's prototype.
        if (key === '__proto__')
            Object.defineProperty(out, key, { value: copyJson(v), enumerable: true, writable: true });
        else
            out[key] = copyJson(v);
    }
    return out;
}
function message(err) {
    return err instanceof Error ? err.message : String(err);
}
//# sourceMappingURL=normalize.js.map