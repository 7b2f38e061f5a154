// Would OpenAI Structured Outputs (strict: true) accept this schema? Reported for the tool author;
// never fatal, since other providers and non-strict mode accept far more.
import { isObject } from './refs.js';
import { declaredTypes, forEachSubschema } from './subschemas.js';
// Keywords strict mode rejects. oneOf and draft-07 `dependencies` are refused too, beyond the documented list.
const UNSUPPORTED = [
    'allOf',
    'oneOf',
    'not',
    'if',
    'then',
    'else',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
    'patternProperties',
    'unevaluatedProperties',
    'unevaluatedItems',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'contains',
    'minContains',
    'maxContains',
    'uniqueItems',
    'minLength',
    'maxLength',
];
const MAX_NESTING = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const MAX_DEPTH = 100;
/** Check a tool schema against OpenAI strict-mode rules; `compatible` is true when nothing was found. */
export function openAIStrictReport(schema) {
    const tally = { properties: 0, enumValues: 0, problems: [] };
    if (!isObject(schema))
        return { compatible: false, problems: ['(root): the schema must be a JSON object'] };
    if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
        tally.problems.push('(root): must be a single object, not anyOf/oneOf');
    }
    if (schema.type !== 'object')
        tally.problems.push('(root): must have type "object"');
    checkNode(schema, '', 0, tally, 0);
    if (tally.properties > MAX_PROPERTIES) {
        tally.problems.push(`(root): ${tally.properties} properties in total, over the limit of ${MAX_PROPERTIES}`);
    }
    if (tally.enumValues > MAX_ENUM_VALUES) {
        tally.problems.push(`(root): ${tally.enumValues} enum values in total, over the limit of ${MAX_ENUM_VALUES}`);
    }
    return { compatible: tally.problems.length === 0, problems: tally.problems };
}
function checkNode(node, path, nesting, tally, depth) {
    if (!isObject(node) || depth > MAX_DEPTH)
        return;
    const at = path === '' ? '(root)' : path;
    const types = declaredTypes(node);
    const isObjectNode = types.includes('object') || (types.length === 0 && isObject(node.properties));
    let level = nesting;
    if (isObjectNode) {
        level = nesting + 1;
        if (level === MAX_NESTING + 1)
            tally.problems.push(`${at}: objects nested ${level} deep, over the limit of ${MAX_NESTING}`);
        if (node.additionalProperties !== false)
            tally.problems.push(`${at}: "additionalProperties" must be false`);
        const props = isObject(node.properties) ? Object.keys(node.properties) : [];
        tally.properties += props.length;
        const required = Array.isArray(node.required) ? node.required : [];
        const missing = props.filter((p) => !required.includes(p));
        if (missing.length > 0) {
            tally.problems.push(`${at}: every property must be in "required" (missing: ${missing.join(', ')}); make optional ones nullable instead`);
        }
    }
    for (const keyword of UNSUPPORTED) {
        if (Object.hasOwn(node, keyword))
            tally.problems.push(`${at}: "${keyword}" is not supported`);
    }
    if (Array.isArray(node.enum))
        tally.enumValues += node.enum.length;
    forEachSubschema(node, path, (child, childPath, keyword) => {
        // Definitions are reached through $ref from anywhere; count their nesting from the top.
        const childNesting = keyword === '$defs' || keyword === 'definitions' ? 0 : level;
        checkNode(child, childPath, childNesting, tally, depth + 1);
    });
}
//# sourceMappingURL=openai-strict.js.map