export declare const POLICY_SCHEMA_ID = "https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/policy.schema.json";
export declare const POLICY_SCHEMA: {
    readonly $schema: "http://json-schema.org/draft-07/schema#";
    readonly $id: "https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/policy.schema.json";
    readonly title: "handrail policy file";
    readonly description: "Permission rules for handrail tool calls. deny > ask > allow across all layers (managed > project > user > session).";
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly $schema: {
            readonly type: "string";
        };
        readonly allow: {
            type: string;
            description: string;
            items: {
                $ref: string;
            };
        };
        readonly ask: {
            type: string;
            description: string;
            items: {
                $ref: string;
            };
        };
        readonly deny: {
            type: string;
            description: string;
            items: {
                $ref: string;
            };
        };
        readonly rules: {
            readonly type: "array";
            readonly description: "Structured rules, with a message for the model and examples checked at load.";
            readonly items: {
                readonly $ref: "#/definitions/structuredRule";
            };
        };
    };
    readonly definitions: {
        readonly ruleText: {
            readonly type: "string";
            readonly minLength: 1;
            readonly description: "exec_command(git status), bash(npm run test:*), read_file(./secrets/**), web_fetch(domain:example.com), mcp__server__tool, mcp__server, Class(mcp_read), Read(...), Edit(...), Bash(...), WebFetch(domain:...), *";
        };
        readonly structuredRule: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly required: readonly ["tool", "decision"];
            readonly properties: {
                readonly decision: {
                    readonly enum: readonly ["allow", "ask", "deny"];
                };
                readonly message: {
                    readonly type: "string";
                    readonly description: "What the model sees when this rule denies a call.";
                };
                readonly match: {
                    readonly description: "Examples the rule must match; a failing one is a load error.";
                    readonly type: string;
                    readonly items: {
                        type: string;
                    };
                };
                readonly notMatch: {
                    readonly description: "Examples the rule must not match.";
                    readonly type: string;
                    readonly items: {
                        type: string;
                    };
                };
                readonly command: Readonly<Record<string, unknown>>;
                readonly path: Readonly<Record<string, unknown>>;
                readonly domain: Readonly<Record<string, unknown>>;
                readonly tool: {
                    readonly type: "string";
                    readonly minLength: 1;
                    readonly description: "A tool name, a glob of names (mcp__github__*), * or Class(kind).";
                };
            };
        };
    };
};
