// The shared vocabulary of handrail. This module imports nothing: every other module depends on it.

/** A JSON Schema object (draft-07 or 2020-12). */
export type JsonSchema = { [key: string]: unknown };

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

// ---------------------------------------------------------------------------------------------------------
// Tool calls and results
// ---------------------------------------------------------------------------------------------------------

/** A raw tool call as a provider hands it over. `arguments` may be a JSON string or an object. */
export interface ToolCall {
  id: string;
  name: string;
  arguments?: unknown;
}

export type TextContent = { type: 'text'; text: string };
export type ImageContent = { type: 'image'; data: string; mimeType: string };
export type ToolContent = TextContent | ImageContent;

export type OutcomeStatus = 'ok' | 'partial' | 'recoverable' | 'fatal';

export const ERROR_CLASSES = [
  'unknown_tool',
  'not_visible',
  'invalid_arguments',
  'blocked',
  'permission_denied',
  'approval_denied',
  'rate_limited',
  'timeout',
  'cancelled',
  'not_found',
  'conflict',
  'io_error',
  'network_error',
  'sandbox_violation',
  'tool_error',
  'internal',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

export interface ToolOutcome {
  status: OutcomeStatus;
  errorClass?: ErrorClass;
  /** What the agent should do next, in words. */
  hint?: string;
}

export interface ToolResult<TDetails = Record<string, unknown>> {
  callId: string;
  name: string;
  isError: boolean;
  content: ToolContent[];
  details?: TDetails;
  outcome: ToolOutcome;
  /** Set by a tool or an afterToolCall hook: the agent loop should stop after this batch. */
  terminate?: boolean;
}

/** What a tool's `execute` may return: plain text, content parts, or a partial result. */
export type ToolReturn =
  | string
  | ToolContent[]
  | {
      content: ToolContent[] | string;
      details?: Record<string, unknown>;
      isError?: boolean;
      outcome?: Partial<ToolOutcome>;
      terminate?: boolean;
    };

/** A streaming progress update from a running tool. */
export type ToolUpdate = string | { content?: ToolContent[] | string; details?: Record<string, unknown> };

// ---------------------------------------------------------------------------------------------------------
// Permissions (the evaluator is pluggable; the permissions module fills it in)
// ---------------------------------------------------------------------------------------------------------

/** The permission modes a runtime's profile names (the policy gives each its behaviour). */
export const PERMISSION_MODES = ['full_access', 'auto_accept_edits', 'supervised', 'read_only'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === 'string' && (PERMISSION_MODES as readonly string[]).includes(value);
}

export const ACTION_KINDS = [
  'file_read',
  'file_write',
  'shell_command',
  'network',
  'mcp_read',
  'mcp_write_or_unknown',
  'dynamic_skill_tool',
  'computer_use',
  'task_subagent',
  'memory_write',
  'internal',
  'unknown',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export interface PermissionIntent {
  action: ActionKind;
  /** A normalized map: tool, operation, canonical paths, argv, URL origin, payload hash, ... */
  scope: Record<string, unknown>;
  /** One line a human can approve or deny. */
  summary: string;
  /**
   * What a dynamic tool said about its own call (its `classify`), when that differs from the runtime's
   * classification. The policy uses it only where it is stricter: a tool may not lower its own kind.
   */
  claimed?: PermissionIntent;
}

/** Whose word counts for a dynamic tool: by default none; 'annotations' believes its read-only hint. */
export type ToolTrust = 'none' | 'annotations';

/**
 * Where a dynamic tool came from, as the runtime's own code (never the tool) says when registering it. It
 * picks the action kind the runtime gives the tool's calls: an MCP server's tools are `mcp_write_or_unknown`
 * (`mcp_read` when trusted and read-only), a skill's `dynamic_skill_tool`, anything else `unknown`
 * (`internal` when trusted and read-only).
 */
export type DynamicOrigin = 'mcp' | 'skill' | 'other';

export type PermissionBehavior = 'allow' | 'ask' | 'deny';

export interface PermissionDecision {
  behavior: PermissionBehavior;
  /** Shown to the model when the call is refused. */
  reason?: string;
  /** What the model should do next, when the error class's default hint would not be true. */
  hint?: string;
  /** The rule and layer that decided, for the audit trail. */
  rule?: string;
  layer?: string;
  /** When `deny` comes from a human rather than a rule, or from the sandbox's policy. */
  errorClass?:
    | 'permission_denied'
    | 'approval_denied'
    | 'rate_limited'
    | 'sandbox_violation'
    | 'network_error'
    | 'invalid_arguments';
  /** Exceptions to the sandbox's policy a human granted for this call (handed to the tool as `ctx.exceptions`). */
  exceptions?: ScopedException[];
}

/**
 * A narrow exception to the turn's sandbox policy that a human approved, for one call or the rest of the
 * turn: one host outside the network allowlist, for GET requests; or one canonical path outside the roots,
 * inside the owner's `approvableWrites`, for writing (and reading it, which an edit or a patch must).
 */
export type ScopedException =
  | { kind: 'network'; host: string; port: number; method: 'GET' }
  | { kind: 'file'; path: string; access: 'write' };

/** What the turn's file, network and process policy say of a call, asked before any human is. */
export type SandboxVerdict =
  | { ok: true }
  | {
      ok: false;
      /** Why the sandbox would refuse the call, for the model (and the human, when it may be lifted). */
      reason: string;
      errorClass: 'sandbox_violation' | 'network_error' | 'permission_denied' | 'invalid_arguments';
      /** Set when a human may lift the refusal: what approving widens, and exactly the exceptions it grants. */
      lift?: { widens: string; exceptions: ScopedException[] };
    };

export interface PermissionContext {
  threadId: string;
  turnId: string;
  workspace: string;
  call: { id: string; name: string; arguments: Record<string, unknown> };
  tool: ToolSpec;
  signal: AbortSignal;
  /** Record a permission event (decided, request opened/resolved) on the runtime's stream for this call. */
  emit(type: HandrailEventType, payload: Record<string, unknown>): void;
  /** Ask the turn's sandbox policy about the call (paths, URL, working directory) before asking a human. */
  precheck?(intent: PermissionIntent): Promise<SandboxVerdict>;
}

export interface PermissionEvaluator {
  /** Decide allow / deny, or resolve `ask` with an approver, before any side effect. */
  evaluate(
    intent: PermissionIntent,
    ctx: PermissionContext,
  ): PermissionDecision | Promise<PermissionDecision>;
}

// ---------------------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------------------

export interface ToolAnnotations {
  /** The tool does not change its environment. Read-only calls in a batch run concurrently. */
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  title?: string;
}

export type ApprovalRequirement = 'never' | 'unless_auto_approved' | 'always';

export interface OutputPolicy {
  /** Bytes of text the model sees (default 32 KiB). */
  maxBytes?: number;
  /** Lines of text the model sees (default 2,000). */
  maxLines?: number;
  /** Keep the full output in the state directory when the model's view is cut (default 'full'). */
  storage?: 'full' | 'none';
}

export interface RateLimit {
  perMinute?: number;
  perHour?: number;
}

/**
 * What a call's tool sees. `C` is the shape of `capabilities`: a tool made with `defineTool` gets exactly the
 * capabilities it declares, typed, so reading one it did not declare is a type error.
 */
export interface ToolContext<C = Record<string, unknown>> {
  callId: string;
  toolName: string;
  threadId: string;
  turnId: string;
  workspace: string;
  cwd: string;
  /** Aborted when the caller aborts, the tool's timeout passes, or the turn ends. */
  signal: AbortSignal;
  /** Stream progress; becomes `tool/call/progress` events and the caller's onUpdate. */
  onUpdate: (update: ToolUpdate) => void;
  /**
   * The turn's capabilities (file access, the shell's sandbox and sessions, the network client), by key. The
   * runtime guarantees every capability the tool declared is here before the tool runs.
   */
  capabilities: C;
  /** Turn-scoped state for this tool, shared between its calls in one turn. */
  turnState: Map<string, unknown>;
  /**
   * Exceptions to the sandbox policy a human approved for this call (a host outside the allowlist, a path
   * outside the roots). File exceptions are already applied to `capabilities.files`.
   */
  exceptions?: readonly ScopedException[];
}

/**
 * What a call's permission scope carries that a policy rule's specifier can match: `command` (the scope's
 * `argv`, one word list per sub-command), `path` (its canonical `paths`), `domain` (its `host`, or the host
 * of its `url`). `exec_command(git status)` is a command rule, `read_file(./secrets/**)` a path rule. Each
 * facet is one module in policy/rules/facets/, listed there in this order.
 */
export const POLICY_FACETS = ['command', 'path', 'domain'] as const;
export type PolicyFacet = (typeof POLICY_FACETS)[number];

/**
 * handrail's built-in tools, each with the facets its calls carry. Each built-in spec declares its `facets`
 * from here; the registry keeps dynamic tools off these names whether or not the built-in is registered;
 * and the policy reads a rule's specifier by these facets even without a runtime (`loadPolicyLayers`,
 * `appendRule`). A later domain (memory, tasks, …) adds its tool names when it ships.
 */
export const BUILTIN_TOOL_FACETS = {
  read_file: ['path'],
  write_file: ['path'],
  edit_file: ['path'],
  apply_patch: ['path'],
  list_dir: ['path'],
  find_files: ['path'],
  grep_files: ['path'],
  exec_command: ['command'],
  write_stdin: ['command'],
  bash: ['command'],
  web_fetch: ['domain'],
  web_search: ['domain'],
  download_url: ['domain', 'path'],
  request_tools: [],
} as const satisfies Record<string, readonly PolicyFacet[]>;
export type BuiltinToolName = keyof typeof BUILTIN_TOOL_FACETS;

/**
 * A normalized tool. `inputSchema` is always JSON Schema here; `defineTool` converts zod, TypeBox and
 * Standard Schema input.
 */
export interface ToolSpec<TArgs = Record<string, unknown>> {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  // Method syntax on purpose: parameters stay bivariant, so a ToolSpec<{ path: string }> is a ToolSpec.
  execute(args: TArgs, ctx: ToolContext): ToolReturn | Promise<ToolReturn>;
  /** Lazy domain (memory, task, ...). Absent: always visible. */
  domain?: string;
  annotations?: ToolAnnotations;
  /** Turn a call into a permission intent. Default: `unknown`, or `internal` for read-only tools. */
  classify?(
    args: TArgs,
    ctx: { workspace: string; cwd: string },
  ): Omit<PermissionIntent, 'scope'> & {
    scope?: Record<string, unknown>;
  };
  approval?: ApprovalRequirement | { bivarianceHack(args: TArgs): ApprovalRequirement }['bivarianceHack'];
  rateLimit?: RateLimit;
  outputPolicy?: OutputPolicy;
  /** Tool-specific argument repair; runs after JSON decoding and before generic repair and validation. */
  prepareArguments?: (args: unknown) => unknown;
  /** Per-call timeout in ms (default: the runtime's `toolTimeoutMs`). */
  timeoutMs?: number;
  /**
   * The policy facets the scope of this tool's calls carries (see POLICY_FACETS), so a rule's specifier is
   * read as what the calls have: `my_tool(src/**)` as a path when the tool declares `['path']`. Undefined:
   * unknown, and a specifier is matched as a command and as a path. Ignored for dynamic tools: the runtime
   * classifies their calls, and those scopes carry no facet.
   */
  facets?: readonly PolicyFacet[];
  /** Where the tool came from; built-in (protected) names cannot be shadowed by dynamic tools. */
  source?: 'builtin' | 'user' | 'dynamic';
  /**
   * What the tool needs from its turn: providers of runtime resources (the shell's sandbox backend and
   * sessions, say), which the runtime creates once (by key), hands every turn as `ctx.capabilities[key]` and
   * closes with the runtime, and the runtime's own capabilities (files, file versions and locks, visibility:
   * `core/capabilities.ts`), which it hands every turn itself.
   */
  capabilities?: readonly CapabilityProvider[];
  /**
   * Whether the runtime can offer the tool at all (web_search needs a configured backend). A tool that answers
   * false is not registered: it is never shown to a model as a stub.
   */
  available?(host: CapabilityHost): boolean;
  /** Standard Schema validator kept from zod and friends: refinements and transforms run after ajv. */
  standardValidate?: (value: unknown) => StandardOutcome | Promise<StandardOutcome>;
}

/** What a capability provider learns about the runtime it serves. */
export interface CapabilityHost {
  workspace: string;
  stateDir: string;
  /** The runtime's profile is read_only: every root is read-only and commands have no network. */
  readOnly?: boolean;
  /** The runtime's own files (policy files, the audit store's): read-only for commands, existing or not. */
  protectedFiles?: readonly string[];
  /**
   * The runtime's options as given. Providers made by a tool family (`shellTools({ sandbox })`) carry their
   * own settings; the default providers fall back to these keys (`sandbox`, `process`, `webSearch`, ...).
   */
  options: Record<string, unknown>;
  /**
   * Put a provider's own event on the runtime's stream (and so in the store), under the ids of the call it
   * belongs to: the shell's network proxy reports each request a command makes this way.
   */
  emit?(
    type: HandrailEventType,
    ids: { threadId: string; turnId: string; callId?: string },
    payload: Record<string, unknown>,
  ): void;
}

/**
 * A capability a tool declares: `K` is its key in `ctx.capabilities`, `T` the value tools see there. A
 * provider with `owner: 'runtime'` is one the runtime hands every turn itself; its `create` is never called.
 */
export interface CapabilityProvider<K extends string = string, T = unknown> {
  key: K;
  owner?: 'runtime' | 'tool';
  create(host: CapabilityHost): {
    /** The value tools see as `ctx.capabilities[key]`; a `dispose()` on it runs at turn end. */
    forTurn(): T;
    close(): Promise<void>;
  };
}

/** The `ctx.capabilities` a list of declared capabilities gives: `{ [key]: value }` for each one. */
export type CapabilitiesOf<P> = P extends readonly (infer D)[]
  ? UnionToIntersection<
      D extends CapabilityProvider<infer K, infer T> ? { [key in K]: T } : never
    > extends infer I
    ? { [key in keyof I]: I[key] }
    : never
  : Record<string, unknown>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The result of a Standard Schema validator, reduced to what the pipeline needs. */
export type StandardOutcome = { ok: true; value: unknown } | { ok: false; issues: string[] };

// ---------------------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------------------

export type HandrailEventType =
  | 'tool/call/started'
  | 'tool/call/progress'
  | 'tool/call/completed'
  | 'tool/visibility/changed'
  | 'turn/started'
  | 'turn/ended'
  | 'turn/permission/decided'
  | 'turn/permission/request/opened'
  | 'turn/permission/request/resolved'
  /** A command's request through handrail's network proxy: host, port, method, allowed or why not, bytes. */
  | 'sandbox/network/request'
  /** An extension's state changed (an MCP server connected, failed, restarted, changed its tool list). */
  | 'extension/state/changed';

export interface HandrailEvent {
  type: HandrailEventType;
  /** Monotonic sequence number within the runtime. */
  seq: number;
  /** Milliseconds since the epoch. */
  ts: number;
  threadId: string;
  turnId: string;
  callId?: string;
  payload: Record<string, unknown>;
}
