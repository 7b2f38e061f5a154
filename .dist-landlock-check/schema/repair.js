// Schema-guided repair of known model quirks: numbers and booleans sent as strings, arrays and objects
// sent as JSON text, `null` for optional fields. Only values that fail their declared type are touched.
import { findForbiddenKey } from './keys.js';
import { describeValue, pointerOf } from './pointer.js';
import { derefSchema, isObject } from './refs.js';
const MAX_DEPTH = 64;
const MAX_BRANCH_DEPTH = 8;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// Walk state. The walk is synchronous and calls no user code, so module-level state is safe, and it
// keeps the no-repair path free of allocations. PATH is only ever overwritten up to `pathLength`:
// truncating or popping a V8 array can free its backing store and reallocate it on the next push.
const PATH = [];
let pathLength = 0;
const NO_SCHEMA = {};
let root = NO_SCHEMA;
let found = null;
/** Repair known model quirks guided by the schema; returns the same object and `[]` when nothing changed. */
export function repairArguments(value, schema) {
    pathLength = 0;
    root = schema;
    found = null;
    let out;
    try {
        out = walk(value, schema, 0);
    }
    catch {
        // Repair is best effort: on any surprise, validation judges the untouched input.
        out = value;
        found = null;
    }
    const repairs = found ?? [];
    root = NO_SCHEMA;
    found = null;
    return { value: out, repairs };
}
function walk(value, schemaIn, depth) {
    if (depth > MAX_DEPTH)
        return value;
    const schema = derefSchema(schemaIn, root);
    if (!isObject(schema))
        return value;
    if (matchState(value, schema, 0) === 0)
        return coerce(value, schema, depth);
    if (value === null || typeof value !== 'object')
        return value;
    if (Array.isArray(value))
        return walkArray(value, schema, depth);
    return walkObject(value, schema, depth);
}
function walkObject(value, schema, depth) {
    let copy;
    for (const key in value) {
        if (!Object.hasOwn(value, key) || key === '__proto__')
            continue;
        const childSchema = propertySchema(schema, key, 0);
        if (childSchema === undefined)
            continue;
        const child = value[key];
        PATH[pathLength++] = key;
        if (child === null) {
            if (!isRequired(schema, key, 0) && matchState(null, childSchema, 0) === 0) {
                copy ??= { ...value };
                delete copy[key];
                record('null_removed', 'null removed (optional field)');
            }
        }
        else {
            const next = walk(child, childSchema, depth + 1);
            if (next !== child) {
                copy ??= { ...value };
                copy[key] = next;
            }
        }
        pathLength--;
    }
    return copy ?? value;
}
function walkArray(value, schema, depth) {
    let copy;
    for (let i = 0; i < value.length; i++) {
        const itemSchema = itemSchemaAt(schema, i, 0);
        if (itemSchema === undefined)
            continue;
        const child = value[i];
        PATH[pathLength++] = i;
        const next = walk(child, itemSchema, depth + 1);
        pathLength--;
        if (next !== child) {
            copy ??= value.slice();
            copy[i] = next;
        }
    }
    return copy ?? value;
}
// The value matches none of the allowed types: try the coercions, most specific first.
function coerce(value, schema, depth) {
    if (typeof value !== 'string')
        return value;
    const wantsNumber = allows(schema, 'number', 0);
    if (wantsNumber || allows(schema, 'integer', 0)) {
        const n = toNumber(value);
        if (n !== undefined && (wantsNumber || Number.isSafeInteger(n))) {
            record('string_to_number', `string ${describeValue(value)} → number ${n}`);
            return n;
        }
    }
    if (allows(schema, 'boolean', 0)) {
        const t = value.trim().toLowerCase();
        if (t === 'true' || t === 'false') {
            record('string_to_boolean', `string ${describeValue(value)} → boolean ${t}`);
            return t === 'true';
        }
    }
    const wantsArray = allows(schema, 'array', 0);
    const wantsObject = allows(schema, 'object', 0);
    if (wantsArray || wantsObject) {
        const parsed = parseJsonContainer(value);
        if (parsed !== undefined && (Array.isArray(parsed) ? wantsArray : wantsObject)) {
            record('stringified_json', `JSON string → ${Array.isArray(parsed) ? 'array' : 'object'}`);
            // The parsed value may carry quirks of its own (numbers as strings inside an edit list).
            return walk(parsed, schema, depth);
        }
    }
    return value;
}
function toNumber(text) {
    const t = text.trim();
    if (!NUMBER.test(t))
        return undefined;
    const n = Number(t);
    return Number.isFinite(n) ? n : undefined;
}
function parseJsonContainer(text) {
    const t = text.trimStart();
    if (!t.startsWith('[') && !t.startsWith('{'))
        return undefined;
    let parsed;
    try {
        parsed = JSON.parse(t);
        // Text decoded here never went through the argument decoder's guard.
        if (findForbiddenKey(parsed))
            return undefined;
    }
    catch {
        return undefined;
    }
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
}
function record(kind, what) {
    const path = pointerOf(PATH, pathLength);
    found ??= [];
    found.push({ path, kind, note: `${path === '' ? '(root)' : path}: ${what}` });
}
// 1: the value has one of the allowed types; 0: it has none of them; -1: the schema does not say.
function matchState(value, schemaIn, depth) {
    if (depth > MAX_BRANCH_DEPTH)
        return -1;
    const schema = derefSchema(schemaIn, root);
    if (!isObject(schema))
        return -1;
    const type = schema.type;
    if (typeof type === 'string')
        return hasType(value, type) ? 1 : 0;
    if (Array.isArray(type)) {
        for (const t of type)
            if (typeof t === 'string' && hasType(value, t))
                return 1;
        return 0;
    }
    const branches = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
    if (Array.isArray(branches)) {
        let unknown = false;
        for (const branch of branches) {
            const state = matchState(value, branch, depth + 1);
            if (state === 1)
                return 1;
            if (state === -1)
                unknown = true;
        }
        return unknown ? -1 : 0;
    }
    if (Object.hasOwn(schema, 'const'))
        return sameKind(value, schema.const) ? 1 : 0;
    if (Array.isArray(schema.enum)) {
        for (const option of schema.enum)
            if (sameKind(value, option))
                return 1;
        return 0;
    }
    if (Array.isArray(schema.allOf)) {
        let state = -1;
        for (const branch of schema.allOf) {
            const s = matchState(value, branch, depth + 1);
            if (s === 0)
                return 0;
            if (s === 1)
                state = 1;
        }
        return state;
    }
    return -1;
}
// Whether `type` is explicitly one of the schema's allowed types (or the kind of an enum/const value).
function allows(schemaIn, type, depth) {
    if (depth > MAX_BRANCH_DEPTH)
        return false;
    const schema = derefSchema(schemaIn, root);
    if (!isObject(schema))
        return false;
    const declared = schema.type;
    if (typeof declared === 'string')
        return declared === type;
    if (Array.isArray(declared))
        return declared.includes(type);
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
        const branches = schema[key];
        if (!Array.isArray(branches))
            continue;
        for (const branch of branches)
            if (allows(branch, type, depth + 1))
                return true;
    }
    if (Object.hasOwn(schema, 'const'))
        return hasType(schema.const, type);
    if (Array.isArray(schema.enum)) {
        for (const option of schema.enum)
            if (hasType(option, type))
                return true;
    }
    return false;
}
function propertySchema(schemaIn, key, depth) {
    if (depth > MAX_BRANCH_DEPTH)
        return undefined;
    const schema = derefSchema(schemaIn, root);
    if (!isObject(schema))
        return undefined;
    const props = schema.properties;
    if (isObject(props) && Object.hasOwn(props, key))
        return props[key];
    if (Array.isArray(schema.allOf)) {
        for (const branch of schema.allOf) {
            const found = propertySchema(branch, key, depth + 1);
            if (found !== undefined)
                return found;
        }
    }
    const branch = singleBranch(schema, 'object');
    if (branch !== undefined)
        return propertySchema(branch, key, depth + 1);
    return isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
}
function isRequired(schemaIn, key, depth) {
    if (depth > MAX_BRANCH_DEPTH)
        return false;
    const schema = derefSchema(schemaIn, root);
    if (!isObject(schema))
        return false;
    if (Array.isArray(schema.required) && schema.required.includes(key))
        return true;
    if (Array.isArray(schema.allOf)) {
        for (const branch of schema.allOf)
            if (isRequired(branch, key, depth + 1))
                return true;
    }
    const branch = singleBranch(schema, 'object');
    return branch !== undefined && isRequired(branch, key, depth + 1);
}
function itemSchemaAt(schemaIn, index, depth) {
    if (depth > MAX_BRANCH_DEPTH)
        return undefined;
    const schema = derefSchema(schemaIn, root);
    if (!isObject(schema))
        return undefined;
    const prefix = schema.prefixItems;
    if (Array.isArray(prefix) && index < prefix.length)
        return prefix[index];
    const items = schema.items;
    if (Array.isArray(items)) {
        // Draft-07 tuple form.
        if (index < items.length)
            return items[index];
        return isObject(schema.additionalItems) ? schema.additionalItems : undefined;
    }
    if (isObject(items))
        return items;
    if (Array.isArray(schema.allOf)) {
        for (const branch of schema.allOf) {
            const found = itemSchemaAt(branch, index, depth + 1);
            if (found !== undefined)
                return found;
        }
    }
    const branch = singleBranch(schema, 'array');
    return branch !== undefined ? itemSchemaAt(branch, index, depth + 1) : undefined;
}
// The one anyOf/oneOf branch describing an object (or array); with several, which applies is ambiguous.
function singleBranch(schema, kind) {
    const branches = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
    if (!Array.isArray(branches))
        return undefined;
    let match;
    for (const branch of branches) {
        const b = derefSchema(branch, root);
        if (!isObject(b) || !describes(b, kind))
            continue;
        if (match !== undefined)
            return undefined;
        match = b;
    }
    return match;
}
function describes(schema, kind) {
    const type = schema.type;
    if (typeof type === 'string')
        return type === kind;
    if (Array.isArray(type))
        return type.includes(kind);
    return kind === 'object' ? 'properties' in schema : 'items' in schema || 'prefixItems' in schema;
}
function hasType(value, type) {
    switch (type) {
        case 'string':
            return typeof value === 'string';
        case 'number':
            return typeof value === 'number';
        case 'integer':
            return typeof value === 'number' && Number.isInteger(value);
        case 'boolean':
            return typeof value === 'boolean';
        case 'null':
            return value === null;
        case 'array':
            return Array.isArray(value);
        case 'object':
            return value !== null && typeof value === 'object' && !Array.isArray(value);
        default:
            return false;
    }
}
function sameKind(value, option) {
    if (value === null || option === null)
        return value === option;
    if (Array.isArray(value) || Array.isArray(option))
        return Array.isArray(value) && Array.isArray(option);
    return typeof value === typeof option;
}
//# sourceMappingURL=repair.js.map