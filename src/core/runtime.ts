import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { OutputStore } from '../output/index.js';
import type { PolicyEvaluator } from '../policy/index.js';
import { DEFAULT_APPROVAL_TIMEOUT_MS } from '../policy/index.js';
import {
  canonicalizeSync,
  compileApprovableWrites,
  createFileAccess,
  denyReadAliases,
  FileLocks,
  type FileRoot,
  isWithin,
  type NetworkConfig,
  NetworkPolicy,
  precheckIntent,
  resolveNetworkConfig,
} from '../sandbox/index.js';
import {
  DEFAULT_DB_FILE,
  type EventStore,
  isEventStore,
  resolveStore,
  type StoreOption,
} from '../store/index.js';
import type {
  CapabilityHost,
  CapabilityProvider,
  DynamicOrigin,
  JsonSchema,
  PermissionEvaluator,
  ToolAnnotations,
  ToolSpec,
  ToolTrust,
} from '../types/index.js';
import { isRuntimeCapability } from './capabilities.js';
import type { AnyToolDefinition } from './define-tool.js';
import { ToolRegistrationError } from './errors.js';
import { EventBus } from './events.js';
import type { ExtensionHost, RuntimeExtension } from './extensions.js';
import { type RuntimeHooks, toHookLists } from './hooks.js';
import { resolveLimits } from './limits.js';
import { createPermissionStage, type PermissionOptions } from './permission.js';
import type { RuntimeEnv } from './pipeline.js';
import { ToolRegistry } from './registry.js';
import { requestToolsTool } from './request-tools.js';
import { Turn, type TurnLimits } from './turn.js';

/**
 * The runtime's options. Tool families add their own keys for compatibility (the shell's `sandbox`, `process`
 * and `sessions`, web_search's `webSearch`): they are declared beside those tools, which take them directly too.
 */
/** The SQLite files the runtime's own store writes: the default database, or the path `store` names. */
function auditDatabases(store: RuntimeOptions['store'], stateDir: string): string[] {
  const defaultDb = path.join(stateDir, DEFAULT_DB_FILE);
  if (store && typeof store === 'object' && !isEventStore(store) && typeof store.path === 'string')
    return [...new Set([defaultDb, path.resolve(stateDir, store.path)])];
  return [defaultDb];
}

export interface RuntimeOptions extends Omit<PermissionOptions, 'permission'> {
  /** The directory tools work in (default: process.cwd()). */
  workspace?: string;
  /** Tools to register: defineTool results or raw specs (JSON Schema, zod v4, TypeBox, Standard Schema). */
  tools?: Array<ToolSpec | AnyToolDefinition>;
  hooks?: RuntimeHooks;
  /**
   * Replace the permission stage with your own evaluator. By default the policy evaluator decides from
   * `profile` (default 'supervised'), the policy layers, `approver` and `rateLimits`.
   */
  permission?: PermissionEvaluator;
  /** Where full outputs and other state are kept (default: <workspace>/.handrail). */
  stateDir?: string;
  /** Directories file tools may use (default: the workspace, writable). */
  roots?: FileRoot[];
  /** Globs file tools never read (canonical absolute paths, or paths relative to a root). */
  denyRead?: string[];
  /** Extra protected globs, read-only even inside writable roots (on top of the built-in list). */
  protectedPaths?: string[];
  /**
   * Absolute paths or globs outside the roots that a human may approve writing to (`/tmp/exports/**`): an
   * asked-about write there says what approving widens, and approving opens that one path for the call or
   * the turn. Protected and deny-read paths stay refused. Without an approver nothing here is writable.
   */
  approvableWrites?: string[];
  limits?: Parameters<typeof resolveLimits>[0];
  /**
   * Where events are kept: 'sqlite' (default: <stateDir>/handrail.db), 'memory', false, `{ path, ... }`
   * (path relative to stateDir), or an EventStore of your own (flushed, not closed, by `close()`).
   */
  store?: StoreOption;
  /** What web tools may reach: mode, allow/deny host patterns, allowAddresses, caps and timeouts. */
  network?: NetworkConfig;
  /**
   * Sources of dynamic tools, started with the runtime (`runtime.ready()` waits for them) and closed with it.
   * `mcpServers` (handrail's createRuntime) adds the MCP client here.
   */
  extensions?: RuntimeExtension[];
}

export interface ToolDescription {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  domain?: string;
  annotations?: ToolAnnotations;
  source: 'builtin' | 'user' | 'dynamic';
  /** Whether the runtime treats it as read-only: its own word for the owner's tools; a dynamic tool's only when trusted. */
  readOnly: boolean;
  /** For dynamic tools: where the registering code said it came from, and whose word counts. */
  origin?: DynamicOrigin;
  trust?: ToolTrust;
  /** Whether OpenAI strict mode would accept the schema as is. */
  openAIStrict: { compatible: boolean; problems: string[] };
}

export interface PreflightIndex {
  /** Tools visible in every turn. */
  coreTools: string[];
  /** Hidden-domain tools a preflight may choose from, by exact name. */
  candidateTools: Array<{ name: string; domain: string; summary: string; mutation: boolean }>;
}

export interface Runtime {
  readonly workspace: string;
  readonly stateDir: string;
  readonly events: EventBus;
  /** The event store in use (undefined with `store: false`). */
  readonly store: EventStore | undefined;
  beginTurn(opts?: { threadId?: string; turnId?: string; cwd?: string }): Turn;
  /**
   * Register a tool. `dynamic: true` for tools from outside the owner's code (MCP servers, skills, sandboxed
   * code): the runtime classifies their calls itself (an unknown, possibly-writing action), and their
   * annotations and `classify` may only make a call stricter — unless `trust: 'annotations'` says the
   * source's read-only hint may be believed.
   */
  registerTool(
    tool: ToolSpec | AnyToolDefinition,
    opts?: { dynamic?: boolean; trust?: ToolTrust; origin?: DynamicOrigin },
  ): void;
  unregisterTool(name: string): boolean;
  describeTools(): ToolDescription[];
  preflightIndex(): PreflightIndex;
  /**
   * Resolves when every extension has started: each configured MCP server connected, or failed (its status
   * says why). Never rejects.
   */
  ready(): Promise<void>;
  /** Read back a full output that was cut for the model (path as shown in the marker). */
  readOutput(file: string, opts?: { offset?: number; length?: number }): Promise<string>;
  close(): Promise<void>;
}

/** Create a runtime: the registry, the pipeline's environment and the event stream. */
export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const workspace = canonicalDir(options.workspace ?? process.cwd());
  const stateDir = path.resolve(workspace, options.stateDir ?? '.handrail');
  const limits = resolveLimits(options.limits);
  const registry = new ToolRegistry();
  const events = new EventBus();
  const store = resolveStore(options.store, stateDir);
  // A store the caller passed in may be shared with other runtimes: flushed at close, not closed.
  const ownsStore = store !== undefined && store !== options.store;
  // A plain subscription: close() below flushes (or closes) the store asynchronously, so detaching must not
  // also flush synchronously on the main thread.
  const detachStore = store ? events.on((event) => store.record(event)) : undefined;
  let outputs: OutputStore | undefined;
  const outputStore = () => {
    outputs ??= new OutputStore({ dir: path.join(stateDir, 'outputs'), within: stateDir });
    return outputs;
  };

  // The audit log is the runtime's, not the model's: no tool (and no sandboxed command) reads it.
  const auditFiles = auditDatabases(options.store, stateDir).flatMap((db) =>
    ['', '-wal', '-shm', '-journal'].map((suffix) => `${db}${suffix}`),
  );
  // A rule through a symbolic link names the real folder too: commands see real paths (files do it per turn).
  const givenDenyRead = options.denyRead ?? [];
  const denyRead = [
    ...givenDenyRead,
    ...denyReadAliases(givenDenyRead, options.roots ?? [{ path: workspace, access: 'write' }]),
    ...auditFiles,
  ];
  // Compiled once: a bad entry is said now, not at the first turn, and a link planted later where a listed
  // folder was missing cannot move the area for later turns.
  const approvableAreas = compileApprovableWrites(options.approvableWrites ?? []);
  // Policy files named in code are as protected as the default ones (~/.config/handrail, .handrail/).
  const profilePolicy = typeof options.profile === 'object' ? options.profile.policy : undefined;
  const policyPaths = [options.policy, profilePolicy, ...Object.values(options.policyFiles ?? {})]
    .filter((source): source is string => typeof source === 'string')
    .map((file) => path.resolve(workspace, file));
  // The runtime's own files (policy files, a custom audit store and its journals) stay read-only for file
  // tools and commands, existing or not, at any depth: a command must not rewrite the rules or plant a
  // journal that SQLite would roll the audit log back with. (Absolute paths, never globs: a name is not a
  // pattern.)
  // Those in the state directory are already: it is protected whole, and shown to commands its own way.
  const realStateDir = canonicalizeSync(stateDir);
  const ownFiles = [...policyPaths, ...auditFiles]
    .map((file) => canonicalizeSync(file))
    .filter((file) => !isWithin(file, realStateDir));
  // Profiles shape the sandbox, not only the questions: under read_only every root is read-only for commands
  // and the network is off, so a command that slips past the classifier still cannot write.
  const readOnly = profileMode(options) === 'read_only';
  const host: CapabilityHost = {
    workspace,
    stateDir,
    readOnly,
    protectedFiles: ownFiles,
    options: { ...options, denyRead } as Record<string, unknown>,
    emit: (type, ids, payload) => events.emit(type, ids, payload),
  };
  registry.register(requestToolsTool(), 'builtin');
  for (const tool of options.tools ?? []) {
    if (!isAvailable(tool, host)) continue;
    const source = (tool as ToolSpec).source === 'builtin' ? 'builtin' : 'user';
    registry.register(tool, source);
  }

  const roots: FileRoot[] = options.roots ?? [{ path: workspace, access: 'write' }];
  const turnRoots: FileRoot[] = readOnly ? roots.map((root) => ({ ...root, access: 'read' })) : roots;
  const permission = createPermissionStage(options, {
    workspace,
    roots,
    knownTools: () => registry.list(),
  });
  const env: RuntimeEnv = {
    registry,
    events,
    hooks: toHookLists(options.hooks),
    permission,
    projection: {
      limits: limits.output,
      images: { maxImages: limits.maxImages, maxImageBytes: limits.maxImageBytes },
      outputs: outputStore,
      workspace,
    },
    maxArgumentBytes: limits.maxArgumentBytes,
    toolTimeoutMs: limits.toolTimeoutMs,
    abortGraceMs: limits.abortGraceMs,
    hookTimeoutMs: limits.hookTimeoutMs,
    // The stage's deadline must outlast the approval's own, or a human's late "yes" would be thrown away.
    permissionTimeoutMs: Math.max(
      limits.permissionTimeoutMs,
      (options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS) + 30_000,
    ),
  };
  const turnLimits: TurnLimits = {
    maxCallsPerTurn: limits.maxCallsPerTurn,
    batchConcurrency: limits.batchConcurrency,
    retryBudget: limits.retryBudget,
  };
  const fileLocks = new FileLocks();
  // The network policy the sandbox precheck asks (the web tools keep their own client over the same settings).
  let network: NetworkPolicy | null | undefined;
  const networkPolicy = () => {
    if (network === undefined) {
      try {
        network = new NetworkPolicy(resolveNetworkConfig(options.network));
      } catch {
        // An invalid network configuration fails where it is used (the web tools); nothing to precheck here.
        network = null;
      }
    }
    return network ?? undefined;
  };
  // Capability providers declared by tools (the shell's backend and sessions), one instance per key.
  // Two families configured differently (`shellTools({ sandbox: 'none' })` beside the default shell) would
  // otherwise share whichever provider came first, silently: refuse it.
  const providers = new Map<string, ReturnType<CapabilityProvider['create']>>();
  const providedBy = new Map<string, CapabilityProvider>();
  const addProviders = (spec: { name: string; capabilities?: readonly CapabilityProvider[] | undefined }) => {
    for (const provider of spec.capabilities ?? []) {
      if (isRuntimeCapability(provider)) continue;
      const existing = providedBy.get(provider.key);
      if (existing === provider) continue;
      if (existing) {
        throw new ToolRegistrationError(spec.name, [
          `capability "${provider.key}" is already provided with other settings; configure a tool family once (e.g. one shellTools({ ... }) for exec_command, write_stdin and bash)`,
        ]);
      }
      providedBy.set(provider.key, provider);
      providers.set(provider.key, provider.create(host));
    }
  };
  for (const entry of registry.list()) addProviders(entry.spec);
  const turns = new Set<Turn>();
  let closed = false;

  function registerTool(
    tool: ToolSpec | AnyToolDefinition,
    opts: { dynamic?: boolean; trust?: ToolTrust; origin?: DynamicOrigin } = {},
    extension?: string,
  ): void {
    if (closed) throw new ToolRegistrationError(String(tool?.name), ['the runtime is closed']);
    if (!isAvailable(tool, host)) return;
    const dynamic = opts.dynamic === true || opts.origin !== undefined;
    const { spec } = registry.register(
      tool,
      dynamic ? 'dynamic' : 'user',
      opts.trust ?? 'none',
      opts.origin ?? 'other',
      extension,
    );
    try {
      addProviders(spec);
    } catch (error) {
      registry.unregister(spec.name);
      throw error;
    }
  }

  // Extensions start once everything above exists; their failures are their status, never the runtime's.
  const extensions = options.extensions ?? [];
  const hostFor = (extension: RuntimeExtension): ExtensionHost => ({
    workspace,
    stateDir,
    readOnly,
    protectedFiles: ownFiles,
    options: host.options,
    capabilityHost: host,
    registerTool: (tool, opts) =>
      registerTool(
        tool,
        { origin: opts?.origin ?? 'other', ...(opts?.trust ? { trust: opts.trust } : {}) },
        extension.name,
      ),
    // Only its own tools: an extension cannot take away the owner's, or another extension's.
    unregisterTool: (name) => registry.get(name)?.extension === extension.name && registry.unregister(name),
    hasTool: (name) => registry.get(name) !== undefined,
    emit: (type, ids, payload) => {
      if (!closed) events.emit(type, ids, payload);
    },
  });
  const started = Promise.allSettled(
    extensions.map((extension) =>
      Promise.resolve()
        .then(() => extension.start(hostFor(extension)))
        .catch((error: unknown) =>
          events.emit(
            'extension/state/changed',
            { threadId: 'runtime', turnId: 'runtime' },
            {
              extension: extension.name,
              state: 'failed',
              reason: (error as Error)?.message ?? String(error),
            },
          ),
        ),
    ),
  ).then(() => undefined);

  return {
    workspace,
    stateDir,
    events,
    store,
    beginTurn(opts = {}) {
      if (closed) throw new Error('This handrail runtime is closed; create a new one.');
      const files = createFileAccess({
        roots: turnRoots,
        cwd: opts.cwd ? path.resolve(workspace, opts.cwd) : workspace,
        stateDir,
        denyRead,
        ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
        approvableAreas,
        protectedFiles: ownFiles,
      });
      const turn = new Turn(
        env,
        {
          threadId: opts.threadId ?? randomUUID(),
          turnId: opts.turnId ?? randomUUID(),
          workspace,
          cwd: files.cwd,
        },
        turnLimits,
        {
          ...Object.fromEntries([...providers].map(([key, provider]) => [key, provider.forTurn()])),
          files,
          fileLocks,
        },
        (ended) => {
          turns.delete(ended);
          (permission as Partial<PolicyEvaluator>).endTurn?.(ended.turnId);
        },
        (intent) => {
          const network = networkPolicy();
          return precheckIntent(intent, { files, ...(network ? { network } : {}) });
        },
      );
      turns.add(turn);
      return turn;
    },
    registerTool,
    unregisterTool: (name) => registry.unregister(name),
    describeTools() {
      return registry.list().map((entry) => {
        const description: ToolDescription = {
          name: entry.spec.name,
          description: entry.spec.description,
          inputSchema: structuredClone(entry.providerSchema),
          source: entry.source,
          readOnly: entry.readOnly,
          ...(entry.source === 'dynamic' ? { origin: entry.origin ?? 'other', trust: entry.trust } : {}),
          openAIStrict: entry.strictReport,
        };
        if (entry.spec.domain) description.domain = entry.spec.domain;
        if (entry.spec.annotations) description.annotations = entry.spec.annotations;
        return description;
      });
    },
    preflightIndex() {
      const index: PreflightIndex = { coreTools: [], candidateTools: [] };
      const hasDomains = registry.domains().length > 0;
      for (const entry of registry.list()) {
        const { name, domain, description } = entry.spec;
        if (domain) {
          index.candidateTools.push({
            name,
            domain,
            summary: summarize(description),
            mutation: !entry.readOnly,
          });
        } else if (name !== 'request_tools' || hasDomains) index.coreTools.push(name);
      }
      return index;
    },
    ready: () => started,
    readOutput(file, opts) {
      return outputStore().read(path.resolve(workspace, file), opts);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...turns].map((turn) => turn.end()));
      await Promise.allSettled(extensions.map((extension) => extension.close()));
      await Promise.allSettled([...providers.values()].map((provider) => provider.close()));
      // Let the last events reach listeners before the stream ends.
      await new Promise((resolve) => setImmediate(resolve));
      events.close();
      detachStore?.();
      if (ownsStore) await store?.close();
      else await store?.flush();
    },
  };
}

/** A tool whose `available(host)` answers false (or throws) is left out. */
function isAvailable(tool: ToolSpec | AnyToolDefinition, host: CapabilityHost): boolean {
  const check = (tool as ToolSpec).available;
  if (typeof check !== 'function') return true;
  try {
    return check.call(tool, host) !== false;
  } catch {
    return false;
  }
}

/** The first sentence of a description, at most 120 characters. */
function summarize(description: string): string {
  const sentence = description.split(/(?<=[.!?])\s/)[0] ?? description;
  return sentence.length > 120 ? `${sentence.slice(0, 119)}…` : sentence;
}

function canonicalDir(dir: string): string {
  const resolved = path.resolve(dir);
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}

/** The permission mode the options select (a custom evaluator has none of ours). */
function profileMode(options: RuntimeOptions): string | undefined {
  if (options.permission) return undefined;
  const profile = options.profile;
  if (typeof profile === 'object' && profile !== null) return profile.mode;
  return profile ?? 'supervised';
}
