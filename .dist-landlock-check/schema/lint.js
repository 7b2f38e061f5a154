// Registration-time schema checks: mistakes that would confuse a model or make a provider reject the tool.
import { describeValue } from './pointer.js';
import { isObject, resolveRef } from './refs.js';
import { declaredTypes, forEachSubschema } from './subschemas.js';
export { openAIStrictReport } from './openai-strict.js';
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);
const MAX_DEPTH = 100;
/** Problems with a tool's input schema (empty when fine); each message starts with its schema path. */
export function lintToolSchema(schema) {
    const problems = [];
    if (!isObject(schema))
        return ['(root): the input schema must be a JSON object'];
    if (schema.type !== 'object') {
        problems.push(`(root): a tool's input schema must have type "object" (got ${describeValue(schema.type)})`);
    }
    if (!isObject(schema.properties))
        problems.push('(root): a tool\'s input schema must have a "properties" object');
    lintNode(schema, '', schema, problems, 0);
    return problems;
}
function lintNode(node, path, root, problems, depth) {
    if (!isObject(node) || depth > MAX_DEPTH)
        return;
    const at = path === '' ? '(root)' : path;
    const types = declaredTypes(node);
    for (const t of types)
        if (!JSON_TYPES.has(t))
            problems.push(`${at}: unknown type "${t}"`);
    if ('properties' in node && !isObject(node.properties))
        problems.push(`${at}: "properties" must be an object`);
    if ('required' in node)
        lintRequired(node, at, types, problems);
    if (types.includes('array') && !('items' in node) && !('prefixItems' in node)) {
        problems.push(`${at}: array has no "items"`);
    }
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#') && resolveRef(root, ref) === undefined) {
        problems.push(`${at}: $ref "${ref}" does not resolve`);
    }
    forEachSubschema(node, path, (child, childPath) => lintNode(child, childPath, root, problems, depth + 1));
}
function lintRequired(node, at, types, problems) {
    const required = node.required;
    if (!Array.isArray(required) || required.some((k) => typeof k !== 'string')) {
        problems.push(`${at}: "required" must be an array of property names`);
        return;
    }
    const props = node.properties;
    if (isObject(props)) {
        for (const key of required) {
            if (!Object.hasOwn(props, key))
                problems.push(`${at}: required property "${key}" is not in "properties"`);
        }
    }
    else if (types.includes('object') && required.length > 0) {
        // Without a type, `required` in an anyOf/oneOf branch refers to the parent's properties: fine.
        problems.push(`${at}: "required" lists ${required.join(', ')} but the object declares no "properties"`);
    }
}
//# sourceMappingURL=lint.js.map