// The JSON Schema of a policy file. schema/policy.schema.json is this object, published (a test keeps the
// two equal); ajv validates files against it at load, and its property names are what a misspelt key is
// compared with.
import { facetSchemas } from '../rules/facets/index.js';
export const POLICY_SCHEMA_ID = 'https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/policy.schema.json';
const examples = {
    type: 'array',
    items: { type: 'string' },
};
const ruleList = (verb) => ({
    type: 'array',
    description: `Rules that ${verb}, as Tool or Tool(specifier) strings.`,
    items: { $ref: '#/definitions/ruleText' },
});
export const POLICY_SCHEMA = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: POLICY_SCHEMA_ID,
    title: 'handrail policy file',
    description: 'Permission rules for handrail tool calls. deny > ask > allow across all layers (managed > project > user > session).',
    type: 'object',
    additionalProperties: false,
    properties: {
        $schema: { type: 'string' },
        allow: ruleList('allow a call without asking'),
        ask: ruleList('ask a human first'),
        deny: ruleList('refuse'),
        rules: {
            type: 'array',
            description: 'Structured rules, with a message for the model and examples checked at load.',
            items: { $ref: '#/definitions/structuredRule' },
        },
    },
    definitions: {
        ruleText: {
            type: 'string',
            minLength: 1,
            description: 'exec_command(git status), bash(npm run test:*), read_file(./secrets/**), web_fetch(domain:example.com), mcp__server__tool, mcp__server, Class(mcp_read), Read(...), Edit(...), Bash(...), WebFetch(domain:...), *',
        },
        structuredRule: {
            type: 'object',
            additionalProperties: false,
            required: ['tool', 'decision'],
            properties: {
                tool: {
                    type: 'string',
                    minLength: 1,
                    description: 'A tool name, a glob of names (mcp__github__*), * or Class(kind).',
                },
                // A structured rule's specifier: one property per facet, each facet's own schema.
                ...facetSchemas(),
                decision: { enum: ['allow', 'ask', 'deny'] },
                message: { type: 'string', description: 'What the model sees when this rule denies a call.' },
                match: { ...examples, description: 'Examples the rule must match; a failing one is a load error.' },
                notMatch: { ...examples, description: 'Examples the rule must not match.' },
            },
        },
    },
};
//# sourceMappingURL=schema.js.map