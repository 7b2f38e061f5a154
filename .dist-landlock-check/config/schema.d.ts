export declare const CONFIG_SCHEMA_ID = "https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/config.schema.json";
export declare const CONFIG_SCHEMA: {
    readonly $schema: "http://json-schema.org/draft-07/schema#";
    readonly $id: "https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/config.schema.json";
    readonly title: "handrail configuration file";
    readonly description: "Settings for handrail runtimes and the handrail command. Layers: ~/.config/handrail/config.json (user), <workspace>/.handrail/config.json (project: only tightens until the project is trusted), --config FILE, then command-line flags. Relative paths are relative to the workspace.";
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly $schema: {
            readonly type: "string";
            readonly description: "The schema this file follows, for editors.";
        };
        readonly profile: {
            readonly enum: readonly ["full_access", "auto_accept_edits", "supervised", "read_only"];
            readonly description: "The permission profile (default supervised).";
        };
        readonly policy: {
            readonly type: "string";
            readonly minLength: 1;
            readonly description: "A session policy file, on top of the managed, project and user policies.";
        };
        readonly roots: {
            readonly type: "array";
            readonly minItems: 1;
            readonly description: "Directories file tools and commands may use (default: the workspace, writable).";
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly required: readonly ["path", "access"];
                readonly properties: {
                    readonly path: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly description: "A directory (relative to the workspace, ~/ or absolute).";
                    };
                    readonly access: {
                        readonly enum: readonly ["read", "write"];
                        readonly description: "read: read-only; write: read and write.";
                    };
                };
            };
        };
        readonly denyRead: {
            readonly type: "array";
            readonly items: {
                readonly type: "string";
            };
            readonly description: string;
        };
        readonly protectedPaths: {
            readonly type: "array";
            readonly items: {
                readonly type: "string";
            };
            readonly description: string;
        };
        readonly sandbox: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly description: "The OS sandbox for commands.";
            readonly properties: {
                readonly backend: {
                    readonly enum: readonly ["auto", "bwrap", "landlock", "none"];
                    readonly description: "auto (default): bwrap where it works, else Landlock, otherwise commands are refused; bwrap or landlock: required; none: no sandbox (trusted workspaces only).";
                };
                readonly runAs: {
                    readonly description: "Who commands run as when handrail runs as root: auto (default), root (uid 0 without capabilities), or { uid, gid }.";
                    readonly oneOf: readonly [{
                        readonly enum: readonly ["auto", "root"];
                    }, {
                        readonly type: "object";
                        readonly additionalProperties: false;
                        readonly required: readonly ["uid", "gid"];
                        readonly properties: {
                            readonly uid: {
                                readonly type: "integer";
                                readonly minimum: 0;
                            };
                            readonly gid: {
                                readonly type: "integer";
                                readonly minimum: 0;
                            };
                        };
                    }];
                };
            };
        };
        readonly network: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly description: "What web tools may reach (and, once it is enforced, commands).";
            readonly properties: {
                readonly mode: {
                    readonly enum: readonly ["disabled", "restricted", "enabled"];
                    readonly description: "enabled (default): any public host; restricted: only hosts matching allow; disabled: no web tools.";
                };
                readonly allow: {
                    readonly type: "array";
                    readonly items: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                    readonly description: string;
                };
                readonly deny: {
                    readonly type: "array";
                    readonly items: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                    readonly description: string;
                };
                readonly allowAddresses: {
                    readonly type: "array";
                    readonly items: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                    readonly description: string;
                };
                readonly commands: {
                    readonly enum: readonly ["off", "policed"];
                    readonly description: "Network for shell commands: off (default) or policed (through handrail's proxy, under the same mode, allow and deny).";
                };
                readonly maxBytes: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly timeoutMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly idleTimeoutMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly maxRedirects: {
                    readonly type: "integer";
                    readonly minimum: 0;
                    readonly description: "Redirects followed per request (default 5).";
                };
                readonly maxHeaderBytes: {
                    readonly type: "integer";
                    readonly minimum: 1024;
                    readonly description: "Largest response header block (default 16 KiB).";
                };
                readonly userAgent: {
                    readonly type: "string";
                    readonly minLength: 1;
                    readonly description: "User-Agent sent with every request.";
                };
            };
        };
        readonly webSearch: {
            readonly description: "The web_search backend (without one, web_search is not offered): SearXNG, Brave (the key from an environment variable), or false for none.";
            readonly oneOf: readonly [{
                readonly type: "object";
                readonly additionalProperties: false;
                readonly required: readonly ["provider", "endpoint"];
                readonly properties: {
                    readonly provider: {
                        readonly const: "searxng";
                    };
                    readonly endpoint: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly description: "The instance URL, e.g. http://127.0.0.1:8888.";
                    };
                    readonly language: {
                        readonly type: "string";
                    };
                    readonly safesearch: {
                        readonly enum: readonly [0, 1, 2];
                    };
                    readonly categories: {
                        readonly type: "string";
                    };
                };
            }, {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly required: readonly ["provider"];
                readonly properties: {
                    readonly provider: {
                        readonly const: "brave";
                    };
                    readonly apiKeyEnv: {
                        readonly type: "string";
                        readonly pattern: "^[A-Za-z_][A-Za-z0-9_]*$";
                        readonly description: "The environment variable holding the API key (default BRAVE_API_KEY). Never the key itself.";
                    };
                    readonly endpoint: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                    readonly country: {
                        readonly type: "string";
                    };
                    readonly safesearch: {
                        readonly enum: readonly ["off", "moderate", "strict"];
                    };
                };
            }, {
                readonly const: false;
            }];
        };
        readonly limits: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly description: "Runtime limits (each must be positive).";
            readonly properties: {
                readonly maxArgumentBytes: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly toolTimeoutMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly abortGraceMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly hookTimeoutMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly permissionTimeoutMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly maxImages: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly maxImageBytes: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly maxCallsPerTurn: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly batchConcurrency: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly output: {
                    readonly type: "object";
                    readonly additionalProperties: false;
                    readonly description: "The model-visible output bound.";
                    readonly properties: {
                        readonly maxBytes: {
                            readonly type: "integer";
                            readonly minimum: 1;
                            readonly description: string;
                        };
                        readonly maxLines: {
                            readonly type: "integer";
                            readonly minimum: 1;
                            readonly description: string;
                        };
                    };
                };
                readonly retryBudget: {
                    readonly type: "object";
                    readonly additionalProperties: false;
                    readonly description: "Recoverable failures before a call turns fatal.";
                    readonly properties: {
                        readonly sameCall: {
                            readonly type: "integer";
                            readonly minimum: 1;
                            readonly description: string;
                        };
                        readonly perTool: {
                            readonly type: "integer";
                            readonly minimum: 1;
                            readonly description: string;
                        };
                        readonly perTurn: {
                            readonly type: "integer";
                            readonly minimum: 1;
                            readonly description: string;
                        };
                    };
                };
            };
        };
        readonly shell: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly description: "Command timeouts.";
            readonly properties: {
                readonly timeoutDefaultMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
                readonly timeoutCapMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
            };
        };
        readonly stateDir: {
            readonly type: "string";
            readonly minLength: 1;
            readonly description: "State, full outputs and the event store (default <workspace>/.handrail).";
        };
        readonly store: {
            readonly description: "The event store: \"sqlite\" (default, <stateDir>/handrail.db), { \"path\": FILE } (relative to stateDir), \"memory\", or false.";
            readonly oneOf: readonly [{
                readonly enum: readonly ["sqlite", "memory", false];
            }, {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly required: readonly ["path"];
                readonly properties: {
                    readonly path: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                };
            }];
        };
        readonly approvals: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly description: "Approvals.";
            readonly properties: {
                readonly timeoutMs: {
                    readonly type: "integer";
                    readonly minimum: 1;
                    readonly description: string;
                };
            };
        };
    };
};
