// The JSON Schema of a configuration file. schema/config.schema.json is this object, published (a test keeps
// the two equal); ajv validates every file against it, editors complete from it, and the TypeScript type of
// a configuration is derived from it (./schema-type.ts), so the three cannot drift apart.
//
// After changing it, regenerate the published file: UPDATE_SCHEMA=1 npx vitest run test/config/schema.test.ts,
// then npx biome format --write schema/config.schema.json.

import { PERMISSION_MODES } from '../policy/index.js';

export const CONFIG_SCHEMA_ID =
  'https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/config.schema.json';

const positiveInteger = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;
const strings = (description: string) => ({ type: 'array', items: { type: 'string' }, description }) as const;
const hostPatterns = (description: string) =>
  ({ type: 'array', items: { type: 'string', minLength: 1 }, description }) as const;

/**
 * A server name: it becomes part of tool names (`mcp__<server>__<tool>`), so no `__` inside and no `_` at
 * either end (a server `fs_` would have names starting `mcp__fs__`, covered by rules written for `fs`).
 */
export const MCP_SERVER_NAME_PATTERN = '^[a-zA-Z0-9-]+(_[a-zA-Z0-9-]+)*$';
/** Room is left for the tool's own name in 64 characters. */
export const MCP_SERVER_NAME_MAX = 32;

// biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's ${VAR}, not a template
const EXPANDED = '${VAR} and ${VAR:-default} expand from the environment handrail runs in.';
const stringMap = (description: string) =>
  ({ type: 'object', additionalProperties: { type: 'string' }, description }) as const;

/** What every server entry may say, whatever its transport. */
const MCP_SERVER_COMMON = {
  trust: {
    enum: ['none', 'annotations'],
    description:
      "Whose word counts: none (default: every tool asks under supervised and is denied under read_only) or annotations (a tool's readOnlyHint makes it mcp_read).",
  },
  lazy: {
    type: 'boolean',
    description: "Put the server's tools in a domain mcp:<server>, revealed through request_tools.",
  },
  timeoutMs: positiveInteger('Longest a call may take (default 60 s; progress extends it).'),
  disabled: { type: 'boolean', description: 'Leave the server out without deleting its entry.' },
} as const;

const MCP_SERVERS_SCHEMA = {
  type: 'object',
  description:
    "MCP servers whose tools handrail offers as mcp__<server>__<tool>, under its policy, sandbox and log; the format MCP clients use (Claude Desktop, Cursor, Claude Code's .mcp.json), other clients' keys ignored with a warning. A stronger layer replaces a server's entry whole; an untrusted project may only disable one.",
  propertyNames: { pattern: MCP_SERVER_NAME_PATTERN, maxLength: MCP_SERVER_NAME_MAX },
  additionalProperties: {
    oneOf: [
      {
        type: 'object',
        required: ['command'],
        properties: {
          type: { enum: ['stdio'] },
          command: {
            type: 'string',
            minLength: 1,
            description: `The program, run inside the OS sandbox like any command. ${EXPANDED}`,
          },
          args: strings(`Its arguments. ${EXPANDED}`),
          env: stringMap(
            `Variables the server gets on top of the sandbox's allowlist (keys shown, values never). ${EXPANDED}`,
          ),
          cwd: {
            type: 'string',
            minLength: 1,
            description: 'Its working directory (default: the workspace).',
          },
          ...MCP_SERVER_COMMON,
        },
      },
      {
        type: 'object',
        required: ['url'],
        properties: {
          type: {
            enum: ['http', 'streamable-http', 'sse'],
            description: 'Streamable HTTP, falling back to SSE where the server only has that.',
          },
          url: {
            type: 'string',
            minLength: 1,
            description: `The endpoint, reached through the network policy. ${EXPANDED}`,
          },
          headers: stringMap(`Request headers, credentials (keys shown, values never). ${EXPANDED}`),
          ...MCP_SERVER_COMMON,
        },
      },
      {
        type: 'object',
        required: ['disabled'],
        not: { anyOf: [{ required: ['command'] }, { required: ['url'] }] },
        properties: { disabled: { const: true } },
      },
    ],
  },
} as const;

export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: CONFIG_SCHEMA_ID,
  title: 'handrail configuration file',
  description:
    'Settings for handrail runtimes and the handrail command. Layers: ~/.config/handrail/config.json (user), <workspace>/.handrail/config.json (project: only tightens until the project is trusted), --config FILE, then command-line flags. Relative paths are relative to the workspace.',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'The schema this file follows, for editors.' },
    profile: {
      enum: PERMISSION_MODES,
      description: 'The permission profile (default supervised).',
    },
    policy: {
      type: 'string',
      minLength: 1,
      description: 'A session policy file, on top of the managed, project and user policies.',
    },
    roots: {
      type: 'array',
      minItems: 1,
      description: 'Directories file tools and commands may use (default: the workspace, writable).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'access'],
        properties: {
          path: {
            type: 'string',
            minLength: 1,
            description: 'A directory (relative to the workspace, ~/ or absolute).',
          },
          access: { enum: ['read', 'write'], description: 'read: read-only; write: read and write.' },
        },
      },
    },
    denyRead: strings('Globs no tool and no command reads (absolute, or relative to each root).'),
    protectedPaths: strings(
      'More globs that stay read-only inside writable roots (on top of the built-in list).',
    ),
    approvableWrites: {
      type: 'array',
      items: { type: 'string', pattern: '^(/|~/)' },
      description:
        'Paths or globs outside the roots (absolute or ~/) that a human may approve writing to, one path per call or turn, such as /tmp/exports/**. Protected and deny-read paths stay refused.',
    },
    sandbox: {
      type: 'object',
      additionalProperties: false,
      description: 'The OS sandbox for commands.',
      properties: {
        backend: {
          enum: ['auto', 'bwrap', 'landlock', 'none'],
          description:
            'auto (default): bwrap where it works, else Landlock, otherwise commands are refused; bwrap or landlock: required; none: no sandbox (trusted workspaces only).',
        },
        runAs: {
          description:
            'Who commands run as when handrail runs as root: auto (default), root (uid 0 without capabilities), or { uid, gid }.',
          oneOf: [
            { enum: ['auto', 'root'] },
            {
              type: 'object',
              additionalProperties: false,
              required: ['uid', 'gid'],
              properties: {
                uid: { type: 'integer', minimum: 0 },
                gid: { type: 'integer', minimum: 0 },
              },
            },
          ],
        },
      },
    },
    network: {
      type: 'object',
      additionalProperties: false,
      description: 'What web tools may reach, and commands when network.commands is policed.',
      properties: {
        mode: {
          enum: ['disabled', 'restricted', 'enabled'],
          description:
            'enabled (default): any public host; restricted: only hosts matching allow; disabled: no web tools.',
        },
        allow: hostPatterns(
          'Host patterns restricted mode may reach: example.com, *.example.com, host:8443.',
        ),
        deny: hostPatterns('Host patterns refused in every mode (deny wins over allow).'),
        allowAddresses: hostPatterns(
          'Loopback or private addresses or CIDR ranges reachable on purpose, optionally with a port: 127.0.0.1:3000.',
        ),
        commands: {
          enum: ['off', 'policed'],
          description:
            "Network for shell commands: off (default) or policed (through handrail's proxy, under the same mode, allow and deny).",
        },
        maxBytes: positiveInteger('Body cap after decompression, in bytes (default 10 MiB).'),
        timeoutMs: positiveInteger('Total time for one request, redirects included (default 30 s).'),
        idleTimeoutMs: positiveInteger('Longest wait for headers or between body chunks (default 15 s).'),
        maxRedirects: {
          type: 'integer',
          minimum: 0,
          description: 'Redirects followed per request (default 5).',
        },
        maxHeaderBytes: {
          type: 'integer',
          minimum: 1024,
          description: 'Largest response header block (default 16 KiB).',
        },
        userAgent: { type: 'string', minLength: 1, description: 'User-Agent sent with every request.' },
      },
    },
    webSearch: {
      description:
        'The web_search backend (without one, web_search is not offered): SearXNG, Brave (the key from an environment variable), or false for none.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['provider', 'endpoint'],
          properties: {
            provider: { const: 'searxng' },
            endpoint: {
              type: 'string',
              minLength: 1,
              description: 'The instance URL, e.g. http://127.0.0.1:8888.',
            },
            language: { type: 'string' },
            safesearch: { enum: [0, 1, 2] },
            categories: { type: 'string' },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['provider'],
          properties: {
            provider: { const: 'brave' },
            apiKeyEnv: {
              type: 'string',
              pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
              description:
                'The environment variable holding the API key (default BRAVE_API_KEY). Never the key itself.',
            },
            endpoint: { type: 'string', minLength: 1 },
            country: { type: 'string' },
            safesearch: { enum: ['off', 'moderate', 'strict'] },
          },
        },
        { const: false },
      ],
    },
    limits: {
      type: 'object',
      additionalProperties: false,
      description: 'Runtime limits (each must be positive).',
      properties: {
        maxArgumentBytes: positiveInteger('Raw arguments larger than this are refused (default 1 MiB).'),
        toolTimeoutMs: positiveInteger('Default per-call timeout (default 5 min).'),
        abortGraceMs: positiveInteger('How long an aborted tool may clean up (default 2 s).'),
        hookTimeoutMs: positiveInteger('How long a hook may take (default 30 s).'),
        permissionTimeoutMs: positiveInteger('How long the permission stage may take (default 10 min).'),
        maxImages: positiveInteger('Images one result may carry (default 8).'),
        maxImageBytes: positiveInteger('Size of each image (default 5 MiB).'),
        maxCallsPerTurn: positiveInteger('Calls one turn may make (default 500).'),
        batchConcurrency: positiveInteger('Read-only calls of a batch that run at once (default 8).'),
        output: {
          type: 'object',
          additionalProperties: false,
          description: 'The model-visible output bound.',
          properties: {
            maxBytes: positiveInteger('Bytes the model sees of one result (default 32 KiB).'),
            maxLines: positiveInteger('Lines the model sees of one result (default 2,000).'),
          },
        },
        retryBudget: {
          type: 'object',
          additionalProperties: false,
          description: 'Recoverable failures before a call turns fatal.',
          properties: {
            sameCall: positiveInteger('Failures of the same call (default 3).'),
            perTool: positiveInteger('Failures of one tool in a turn (default 8).'),
            perTurn: positiveInteger('Failures of all tools in a turn (default 25).'),
          },
        },
      },
    },
    shell: {
      type: 'object',
      additionalProperties: false,
      description: 'Command timeouts.',
      properties: {
        timeoutDefaultMs: positiveInteger('Timeout of a command that asks for none (default 60 s).'),
        timeoutCapMs: positiveInteger('Largest timeout a command may ask for (default 10 min).'),
      },
    },
    stateDir: {
      type: 'string',
      minLength: 1,
      description: 'State, full outputs and the event store (default <workspace>/.handrail).',
    },
    store: {
      description:
        'The event store: "sqlite" (default, <stateDir>/handrail.db), { "path": FILE } (relative to stateDir), "memory", or false.',
      oneOf: [
        { enum: ['sqlite', 'memory', false] },
        {
          type: 'object',
          additionalProperties: false,
          required: ['path'],
          properties: { path: { type: 'string', minLength: 1 } },
        },
      ],
    },
    mcpServers: MCP_SERVERS_SCHEMA,
    approvals: {
      type: 'object',
      additionalProperties: false,
      description: 'Approvals.',
      properties: {
        timeoutMs: positiveInteger(
          'How long an approval may wait before it expires and denies (default 5 min).',
        ),
      },
    },
  },
} as const;
