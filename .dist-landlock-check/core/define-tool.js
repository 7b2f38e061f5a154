import { toJsonSchema } from '../schema/index.js';
import { ToolRegistrationError } from './errors.js';
/** Tool names providers accept (OpenAI, Anthropic, Gemini all take this set). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** Symbol marking specs that went through defineTool, so registration does not convert twice. */
const DEFINED = Symbol.for('handrail.defined');
/**
 * Define a tool. The schema is converted to JSON Schema once, here; zod / Standard Schema validators are
 * kept so refinements, defaults and transforms still apply after ajv has checked the shape.
 */
export function defineTool(definition) {
    if (!definition || typeof definition !== 'object') {
        throw new ToolRegistrationError(String(definition), ['a tool definition must be an object']);
    }
    const name = String(definition.name);
    const problems = [];
    if (!TOOL_NAME_PATTERN.test(name))
        problems.push(`name must match ${TOOL_NAME_PATTERN} (got "${name}")`);
    if (typeof definition.description !== 'string' || definition.description.trim() === '') {
        problems.push('description must be a non-empty string');
    }
    if (typeof definition.execute !== 'function')
        problems.push('execute must be a function');
    if (definition.inputSchema === undefined || definition.inputSchema === null) {
        problems.push('inputSchema is required (use { type: "object", properties: {} } for no arguments)');
    }
    if (problems.length > 0)
        throw new ToolRegistrationError(name, problems);
    if (definition[DEFINED])
        return definition;
    let converted;
    try {
        converted = toJsonSchema(definition.inputSchema);
    }
    catch (error) {
        throw new ToolRegistrationError(name, [error.message]);
    }
    const spec = { ...definition, inputSchema: converted.schema };
    if (converted.standardValidate)
        spec.standardValidate = converted.standardValidate;
    Object.defineProperty(spec, DEFINED, { value: true, enumerable: false });
    return spec;
}
/** Accept either a defineTool result or a raw spec (JSON Schema / zod / TypeBox) and normalize it. */
export function normalizeToolSpec(tool) {
    return defineTool(tool);
}
//# sourceMappingURL=define-tool.js.map