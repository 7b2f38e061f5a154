// Compiled, cached ajv validators: each distinct schema compiles once per process.
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { canonicalJson } from './canonical-json.js';
import { toProblems } from './messages.js';
import { SchemaError } from './normalize.js';
const Ajv07 = (AjvModule.default ?? AjvModule);
const Ajv2020 = (Ajv2020Module.default ?? Ajv2020Module);
const addFormats = (addFormatsModule.default ??
    addFormatsModule);
// verbose: errors carry the offending value and parent schema, for "(got ...)" and "(allowed: ...)".
const OPTIONS = {
    allErrors: true,
    strict: false,
    validateFormats: true,
    logger: false,
    verbose: true,
};
const DRAFT_07 = /json-schema\.org\/(draft-04|draft-06|draft-07)\/schema/;
const LRU_SIZE = 500;
let ajv2020;
let ajv07;
const byObject = new WeakMap();
const byText = new Map();
/** Compile a JSON Schema into a validator, cached by object identity and by canonical JSON text. */
export function compileValidator(schema) {
    const cached = byObject.get(schema);
    if (cached)
        return cached;
    let text;
    try {
        text = canonicalJson(schema);
    }
    catch (err) {
        throw new SchemaError(`the schema is not plain JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
    let validator = byText.get(text);
    if (validator) {
        // Refresh its place in the LRU order.
        byText.delete(text);
    }
    else {
        validator = wrap(compileAjv(schema));
    }
    byText.set(text, validator);
    if (byText.size > LRU_SIZE)
        byText.delete(byText.keys().next().value);
    byObject.set(schema, validator);
    return validator;
}
function wrap(validate) {
    return (value) => (validate(value) ? null : toProblems(validate.errors));
}
function compileAjv(schema) {
    const declared = typeof schema.$schema === 'string' ? schema.$schema : undefined;
    // Compile without the root $schema: ajv would otherwise demand that exact meta-schema URI be loaded
    // (https variants, draft-04/06, 2019-09 all appear in the wild); the instance's own draft applies.
    const { $schema: _ignored, ...body } = schema;
    if (declared && DRAFT_07.test(declared))
        return compileWith(instance07(), body);
    try {
        return compileWith(instance2020(), body);
    }
    catch (err) {
        // Schemas without $schema are often written for draft-07 (array-form "items"): try that draft too.
        if (declared)
            throw err;
        try {
            return compileWith(instance07(), body);
        }
        catch {
            throw err;
        }
    }
}
function compileWith(ajv, schema) {
    try {
        return ajv.compile(schema);
    }
    catch (err) {
        throw new SchemaError(`invalid JSON Schema: ${err instanceof Error ? err.message : String(err)}`);
    }
    finally {
        // The validate function is self-contained; dropping ajv's own reference keeps memory bounded by
        // our LRU and lets two unrelated schemas reuse the same $id.
        ajv.removeSchema(schema);
    }
}
function instance2020() {
    ajv2020 ??= withFormats(new Ajv2020(OPTIONS));
    return ajv2020;
}
function instance07() {
    ajv07 ??= withFormats(new Ajv07(OPTIONS));
    return ajv07;
}
function withFormats(ajv) {
    addFormats(ajv);
    return ajv;
}
//# sourceMappingURL=validator.js.map