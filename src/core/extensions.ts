// The contract between the runtime and a source of dynamic tools (MCP servers today; skills and sandboxed code
// later). An extension is started once the runtime exists, registers its tools through the host (always as
// dynamic tools, classified by the runtime), reports its state as events, and is closed with the runtime.
import type {
  CapabilityHost,
  DynamicOrigin,
  HandrailEventType,
  ToolSpec,
  ToolTrust,
} from '../types/index.js';
import type { AnyToolDefinition } from './define-tool.js';

/** What an extension may do with the runtime: add and remove its own dynamic tools, and report. */
export interface ExtensionHost {
  readonly workspace: string;
  readonly stateDir: string;
  /** The profile is read_only: commands (and servers run as commands) get no write access and no network. */
  readonly readOnly: boolean;
  /** The runtime's own files (policy files, the audit store's): read-only for what it runs, existing or not. */
  readonly protectedFiles?: readonly string[];
  /** The runtime's options as given (sandbox, network, process settings an extension runs under). */
  readonly options: Readonly<Record<string, unknown>>;
  /**
   * Register a dynamic tool. `origin` is the extension's own word (it is runtime code); `trust` is the
   * runtime owner's. Throws ToolRegistrationError like `runtime.registerTool`.
   */
  registerTool(tool: ToolSpec | AnyToolDefinition, opts: { origin: DynamicOrigin; trust?: ToolTrust }): void;
  /** Remove a dynamic tool this extension registered. */
  unregisterTool(name: string): boolean;
  /** Whether a tool of this name is registered (any source): to keep new names clear of existing ones. */
  hasTool(name: string): boolean;
  /** Put an event on the runtime's stream (and so in the store); outside any turn, ids are the extension's. */
  emit(
    type: HandrailEventType,
    ids: { threadId: string; turnId: string; callId?: string },
    payload: Record<string, unknown>,
  ): void;
  /** The capability host tools see (for building the same sandbox and network clients the tools use). */
  readonly capabilityHost: CapabilityHost;
}

export interface RuntimeExtension {
  /** A short name for errors and events (`mcp`). */
  readonly name: string;
  /**
   * Start: connect, register tools. Resolves once the extension is ready or has given up (its state says
   * which); `runtime.ready()` waits for it. A rejection is reported, never thrown out of the runtime.
   */
  start(host: ExtensionHost): Promise<void>;
  /** Stop everything it started (processes, connections); called by `runtime.close()`. */
  close(): Promise<void>;
}
