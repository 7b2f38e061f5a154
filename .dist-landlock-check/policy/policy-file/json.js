// JSON parsing with the line and column of a syntax error, and ajv validation with JSON paths.
import AjvModule from 'ajv';
import { distance } from 'fastest-levenshtein';
import { locateJsonError } from './json-locate.js';
import { POLICY_SCHEMA } from './schema.js';
/** Parse JSON, or return where and why it is not JSON. */
export function parseJson(text) {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    let value;
    let error;
    try {
        value = JSON.parse(body);
    }
    catch (thrown) {
        error = thrown;
    }
    // Also run on valid JSON: it is what finds a duplicated property.
    const found = locateJsonError(body);
    if (error === undefined && found === undefined)
        return { ok: true, value };
    const offset = found?.offset ?? body.length;
    const before = body.slice(0, offset).split('\n');
    const where = `line ${before.length}, column ${before[before.length - 1].length + 1}`;
    return {
        ok: false,
        problem: {
            path: '(file)',
            message: `invalid JSON at ${where}: ${found?.message ?? error.message}`,
        },
    };
}
const Ajv = (AjvModule.default ?? AjvModule);
let validator;
/** Schema problems of a parsed policy, in document order; empty when valid. */
export function schemaProblems(value) {
    validator ??= new Ajv({ allErrors: true, strict: false, logger: false }).compile(POLICY_SCHEMA);
    if (validator(value))
        return [];
    const seen = new Set();
    const problems = [];
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
export function jsonPath(pointer) {
    if (pointer === '')
        return '(root)';
    return pointer
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}
function describe(error) {
    const path = jsonPath(error.instancePath);
    const params = error.params;
    switch (error.keyword) {
        case 'additionalProperty':
        case 'additionalProperties':
            return {
                path: path === '(root)'
                    ? String(params.additionalProperty)
                    : `${path}.${String(params.additionalProperty)}`,
                message: `unknown property "${String(params.additionalProperty)}"${hint(String(params.additionalProperty))}`,
            };
        case 'required':
            return { path, message: `missing required property "${String(params.missingProperty)}"` };
        case 'enum':
            return {
                path,
                message: `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`,
            };
        case 'type':
            return { path, message: `must be ${String(params.type)}` };
        default:
            return { path, message: error.message ?? 'is invalid' };
    }
}
/** Every property name a policy file may use, at the top or in a structured rule: what a typo is close to. */
const PROPERTY_NAMES = [
    ...Object.keys(POLICY_SCHEMA.properties),
    ...Object.keys(POLICY_SCHEMA.definitions.structuredRule.properties),
];
function hint(name) {
    const close = PROPERTY_NAMES.find((k) => distance(k.toLowerCase(), name.toLowerCase()) <= 2);
    return close && close !== name ? ` (did you mean "${close}"?)` : '';
}
//# sourceMappingURL=json.js.map