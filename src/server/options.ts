// What `handrail serve`, `handrail call` and `handrail tools` share: the workspace settings a runtime is built
// from (the CLI's global options), turned into createRuntime options — the extensions' createRuntime, which
// also starts the configured MCP servers.
import type { RuntimeOptions } from '../core/index.js';
import type { McpServerConfig } from '../extensions/index.js';
import type { Approver, PermissionMode } from '../policy/index.js';
import type { SandboxChoice } from '../sandbox/index.js';
import type { StoreOption } from '../store/index.js';
import { builtinTools } from '../tools/index.js';

export interface WorkspaceOptions {
  /** The workspace (default: the current directory). */
  root?: string;
  /** The permission profile (default: supervised). */
  profile?: PermissionMode;
  /** A session policy file (relative to the workspace). */
  policy?: string;
  /** Use the project policy's allow rules (default: it can only tighten). */
  trustProjectPolicy?: boolean;
  /** The OS sandbox for commands (default: auto — bwrap where it works, otherwise commands are refused). */
  sandbox?: SandboxChoice;
  /** Where state, full outputs and the event store live (default: <root>/.handrail). */
  stateDir?: string;
  /** The event store (default: SQLite at <stateDir>/handrail.db). */
  store?: StoreOption;
  /**
   * Further createRuntime options (the CLI passes the effective configuration: roots, network, webSearch,
   * limits, MCP servers, …). The settings above win over the same keys here; its limits win over the
   * server's own.
   */
  runtime?: WorkspaceRuntimeOptions;
}

/** createRuntime options, with the MCP servers whose tools the runtime offers beside the built-in ones. */
export type WorkspaceRuntimeOptions = RuntimeOptions & { mcpServers?: Record<string, McpServerConfig> };

/** Runtime options for a workspace: the built-in tools, the profile, the policy, the sandbox, the store. */
export function runtimeOptions(
  options: WorkspaceOptions,
  extra: { approver?: Approver; approverName?: string; limits?: RuntimeOptions['limits'] } = {},
): WorkspaceRuntimeOptions {
  const { limits, ...configured } = options.runtime ?? {};
  return {
    ...configured,
    tools: builtinTools(),
    ...(options.root !== undefined ? { workspace: options.root } : {}),
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.policy !== undefined ? { policy: options.policy } : {}),
    ...(options.trustProjectPolicy ? { trustProjectPolicy: true } : {}),
    ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
    ...(options.stateDir !== undefined ? { stateDir: options.stateDir } : {}),
    store: options.store ?? configured.store ?? 'sqlite',
    ...(extra.approver ? { approver: extra.approver } : {}),
    ...(extra.approverName ? { approverName: extra.approverName } : {}),
    ...(extra.limits || limits ? { limits: mergeLimits(extra.limits, limits) } : {}),
  };
}

/** `over` on top of `base`, one level deep (output and retryBudget are objects of their own). */
function mergeLimits(base: RuntimeOptions['limits'] = {}, over: RuntimeOptions['limits'] = {}) {
  return {
    ...base,
    ...over,
    output: { ...base.output, ...over.output },
    retryBudget: { ...base.retryBudget, ...over.retryBudget },
  };
}

/** The same options without the MCP servers: for checks that must not start them. */
export function withoutMcpServers(options: WorkspaceRuntimeOptions): RuntimeOptions {
  const { mcpServers: _servers, ...rest } = options;
  return rest;
}
