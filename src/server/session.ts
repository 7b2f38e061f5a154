// One MCP connection: an SDK Server with tools/list and tools/call, backed by a runtime, one thread and one
// long turn. The runtime is built once the client has said what it supports (elicitation decides the
// approver); the turn lasts as long as the connection so shell sessions, grants "for this session" and
// revealed domains carry from call to call. Closing the connection ends the turn, which kills its processes.
//
// With `clientRoots`, the workspace is what the client announces (roots/list after `initialized`, again on
// every notifications/roots/list_changed): new roots get a new runtime and turn; calls already running
// finish in the old ones, which then end.
//
// As a gateway (`runtime.mcpServers`), the runtime also holds the upstream MCP servers' tools: the turn begins
// once they have connected or failed; when their lists change, the turn takes on the new tools as the client
// is told (`notifications/tools/list_changed`), and keeps its shell sessions; failures are told to `log`.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ListToolsRequestSchema,
  type RequestId,
  RootsListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Turn } from '../core/index.js';
import { createRuntime } from '../extensions/index.js';
import type { PermissionMode } from '../policy/index.js';
import { type CallChannel, elicitationApprover } from './elicitation.js';
import { runtimeOptions, type WorkspaceOptions } from './options.js';
import { CallProgress, type ProgressTiming } from './progress.js';
import { type McpCallResult, progressMessage, toMcpResult } from './result.js';
import { announcedDirectories } from './roots.js';
import { type McpTool, mcpToolList } from './tool-list.js';
import { dynamicToolsFingerprint, FailureReporter } from './upstream.js';
import { handrailVersion } from './version.js';

type Runtime = ReturnType<typeof createRuntime>;

export interface ClientRootsOptions {
  /**
   * The workspace for the directories the client announced, the first being the workspace (empty when it
   * announces none, or cannot). Throws, with a message for the user, when there is nothing to serve.
   */
  workspaceFor(roots: string[]): WorkspaceOptions | Promise<WorkspaceOptions>;
  /** No workspace could be made; `first` for the connection's first (`handrail serve` then exits 2). */
  onFailure?(error: Error, first: boolean): void;
  /** Notes for whoever runs the server (roots left out, the workspace served); stderr in `handrail serve`. */
  log?(message: string): void;
  /**
   * Ask for the roots as soon as the client has sent `initialized` (stdio does). Otherwise they are asked
   * at the client's first request, on that request's own stream: Streamable HTTP drops a server's request
   * while the client has no stream open for it. A client without the roots capability is never asked, so
   * its workspace is decided at `initialized` either way.
   */
  askAtInitialize?: boolean;
}

export interface SessionOptions extends WorkspaceOptions {
  /** Turn the elicitation approver off even for clients that support it (the non-interactive default). */
  elicitation?: boolean;
  /** Serve the roots the client announces instead of `root` (`handrail serve` without --root). */
  clientRoots?: ClientRootsOptions;
  /** How often a call with a progress token reports (defaults: see CallProgress). */
  progress?: ProgressTiming;
  /** Notes for whoever runs the server (an upstream MCP server that failed); stderr in `handrail serve`. */
  log?(message: string): void;
}

const INSTRUCTIONS =
  'handrail runs these tools for you inside guardrails: paths stay in the workspace, commands run in a sandbox, and calls the permission profile does not allow are refused or need approval. Every result says what happened and, on failure, what to do next.';

// A connection is one open-ended turn: no cap on its calls, and roomier retry budgets than one agent turn.
const SESSION_LIMITS = {
  maxCallsPerTurn: Number.POSITIVE_INFINITY,
  retryBudget: { perTool: 32, perTurn: 100 },
};

type Extra = {
  signal: AbortSignal;
  requestId: RequestId;
  _meta?: { progressToken?: string | number } & Record<string, unknown>;
  sendNotification: (n: {
    method: 'notifications/progress';
    params: Record<string, unknown>;
  }) => Promise<void>;
  sendRequest: (
    request: never,
    schema: typeof ElicitResultSchema,
    options?: { signal?: AbortSignal },
  ) => Promise<unknown>;
};

/** A runtime and its turn for one set of roots, with the calls still running in it. */
interface Workspace {
  runtime: Runtime;
  turn: Turn;
  options: WorkspaceOptions;
  /** The announced directories it was made for (JSON), to tell a real change from a repeated list. */
  roots: string;
  calls: number;
  retired: boolean;
  ended?: Promise<void>;
  /** The upstream MCP tools the client was last told of, to tell a changed list from a server's other news. */
  tools: string;
}

export class McpSession {
  readonly server: Server;
  readonly threadId = randomUUID();
  private current: Promise<Workspace> | undefined;
  /** The client said its roots changed (or never said which they are): ask before the next call. */
  private rootsStale = true;
  private readonly retired = new Set<Workspace>();
  /** Runtimes waiting for their MCP servers: closing the session must not wait for them to connect. */
  private readonly starting = new Set<Runtime>();
  private readonly channels = new Map<string, CallChannel>();
  private calls = 0;
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(private readonly options: SessionOptions = {}) {
    this.server = new Server(
      { name: 'handrail', version: handrailVersion() },
      { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS },
    );
    this.server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => ({
      tools: await this.listTools(extra.requestId),
    }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
      this.callTool(request.params.name, request.params.arguments, extra as unknown as Extra),
    );
    if (options.clientRoots) {
      // Decided as soon as the client may be asked; calls that arrive meanwhile wait for it.
      this.server.oninitialized = () => {
        const canList = this.server.getClientCapabilities()?.roots !== undefined;
        if (!canList || options.clientRoots?.askAtInitialize) void this.ready().catch(() => undefined);
      };
      this.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
        this.rootsStale = true;
        if (options.clientRoots?.askAtInitialize) void this.ready().catch(() => undefined);
      });
    }
    this.server.onclose = () => void this.close();
  }

  /** Attach a transport (stdio, or one Streamable HTTP session). */
  connect(transport: Transport): Promise<void> {
    return this.server.connect(transport);
  }

  /** Run once the session has closed (the client went away, or close() was called). */
  onClose(listener: () => void): void {
    if (this.closed) queueMicrotask(listener);
    else this.closeListeners.push(listener);
  }

  get mode(): PermissionMode {
    return this.options.profile ?? 'supervised';
  }

  /** `requestId`: the tools/list being answered (roots are asked on its stream). */
  async listTools(requestId?: RequestId): Promise<McpTool[]> {
    const { runtime, turn, options } = await this.ready(requestId);
    return mcpToolList(turn.visibleTools(), runtime.describeTools(), options.profile ?? 'supervised');
  }

  async callTool(name: string, args: unknown, extra: Extra): Promise<McpCallResult> {
    const callId = `mcp_${++this.calls}`;
    let workspace: Workspace;
    try {
      workspace = await this.ready(extra.requestId);
    } catch (error) {
      return noWorkspaceResult(callId, name, error as Error);
    }
    workspace.calls++;
    this.channels.set(callId, {
      sendRequest: (req, opts) => extra.sendRequest(req as never, ElicitResultSchema, opts),
    });
    const token = extra._meta?.progressToken;
    const progress =
      token === undefined
        ? undefined
        : new CallProgress(
            name,
            (note) =>
              void extra
                .sendNotification({
                  method: 'notifications/progress',
                  params: { progressToken: token, ...note },
                })
                .catch(() => undefined),
            this.options.progress,
          );
    try {
      const result = await workspace.turn.call(
        { id: callId, name, arguments: args ?? {} },
        {
          signal: extra.signal,
          ...(progress ? { onUpdate: (update) => progress.update(progressMessage(update)) } : {}),
        },
      );
      return toMcpResult(result);
    } finally {
      progress?.stop();
      this.channels.delete(callId);
      workspace.calls--;
      if (workspace.retired && workspace.calls === 0) void this.shut(workspace);
    }
  }

  /** Close the connection, end the turns (their processes die) and close the runtimes (flushes the stores). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
    // First the connection: a roots/list still waiting for the client then fails instead of holding us.
    await this.server.close().catch(() => undefined);
    await Promise.allSettled([...this.starting].map((runtime) => runtime.close()));
    const current = await this.current?.catch(() => undefined);
    await Promise.allSettled([...this.retired, ...(current ? [current] : [])].map((w) => this.shut(w)));
  }

  /** The workspace for the next call; `requestId`, the request waiting for it, carries a roots/list. */
  private ready(requestId?: RequestId): Promise<Workspace> {
    if (this.closed) return Promise.reject(new Error('The handrail session is closed.'));
    if (!this.options.clientRoots) {
      this.current ??= this.open(this.options, '');
    } else if (this.rootsStale || !this.current) {
      this.rootsStale = false;
      this.current = this.followRoots(this.current, requestId);
    }
    return this.current;
  }

  /**
   * Ask the client for its roots and serve them. The same directories keep the workspace (and its shell
   * sessions); others get a new one, and the old one is retired. Roots that cannot be served retire it too:
   * calls are then refused rather than run where the client no longer points.
   */
  private async followRoots(
    previous: Promise<Workspace> | undefined,
    requestId: RequestId | undefined,
  ): Promise<Workspace> {
    const clientRoots = this.options.clientRoots!;
    const old = await previous?.catch(() => undefined);
    const roots = await this.announcedRoots(requestId);
    const key = JSON.stringify(roots);
    if (old && old.roots === key) return old;
    if (old) this.retire(old);
    try {
      const options = await clientRoots.workspaceFor(roots);
      if (this.closed) throw new Error('The handrail session is closed.');
      const workspace = await this.open(options, key);
      clientRoots.log?.(
        `serving ${workspace.runtime.workspace}${roots.length > 0 ? ' (announced by the client)' : ''}`,
      );
      if (old) this.server.sendToolListChanged().catch(() => undefined);
      return workspace;
    } catch (error) {
      if (!this.closed) clientRoots.onFailure?.(error as Error, previous === undefined);
      throw error;
    }
  }

  /** The directories the client announces; none when it does not support roots or the request fails. */
  private async announcedRoots(requestId: RequestId | undefined): Promise<string[]> {
    if (!this.server.getClientCapabilities()?.roots) return [];
    try {
      const listed = await this.server.listRoots(
        undefined,
        requestId !== undefined ? { relatedRequestId: requestId } : {},
      );
      const { directories, skipped } = announcedDirectories(listed.roots);
      for (const line of skipped) this.options.clientRoots?.log?.(`root left out: ${line}`);
      return directories;
    } catch (error) {
      this.options.clientRoots?.log?.(`the client did not list its roots: ${(error as Error).message}`);
      return [];
    }
  }

  /**
   * A runtime and turn for `options`. The turn begins once the upstream MCP servers are ready (connected or
   * failed): a turn sees only the tools registered before it, and the first tools/list should hold theirs.
   */
  private async open(options: WorkspaceOptions, roots: string): Promise<Workspace> {
    const canElicit = this.server.getClientCapabilities()?.elicitation?.form !== undefined;
    const interactive = canElicit && this.options.elicitation !== false;
    const runtime = createRuntime(
      runtimeOptions(options, {
        ...(interactive
          ? {
              approver: elicitationApprover((callId) => this.channels.get(callId)),
              approverName: 'elicitation',
            }
          : {}),
        limits: SESSION_LIMITS,
      }),
    );
    const failures = new FailureReporter(runtime, (message) => this.options.log?.(message));
    this.starting.add(runtime);
    try {
      await runtime.ready();
    } finally {
      this.starting.delete(runtime);
    }
    if (this.closed) {
      await runtime.close();
      throw new Error('The handrail session is closed.');
    }
    failures.report();
    const turn = runtime.beginTurn({ threadId: this.threadId });
    const workspace: Workspace = {
      runtime,
      turn,
      options,
      roots,
      calls: 0,
      retired: false,
      tools: dynamicToolsFingerprint(runtime),
    };
    runtime.events.on((event) => {
      if (this.closed || workspace.retired) return;
      if (event.type === 'tool/visibility/changed' && event.threadId === this.threadId) {
        this.server.sendToolListChanged().catch(() => undefined);
      } else if (event.type === 'extension/state/changed') {
        // A server failed, came back, or changed its tool list: say so, and offer the new list in this turn.
        failures.report();
        const tools = dynamicToolsFingerprint(runtime);
        if (tools === workspace.tools) return;
        workspace.tools = tools;
        workspace.turn.refreshTools();
        this.server.sendToolListChanged().catch(() => undefined);
      }
    });
    return workspace;
  }

  /** New calls go elsewhere; this one ends once its running calls have. */
  private retire(workspace: Workspace): void {
    workspace.retired = true;
    this.retired.add(workspace);
    if (workspace.calls === 0) void this.shut(workspace);
  }

  private shut(workspace: Workspace): Promise<void> {
    this.retired.delete(workspace);
    workspace.ended ??= (async () => {
      await workspace.turn.end();
      await workspace.runtime.close();
    })();
    return workspace.ended;
  }
}

/** The answer to a call when there is no workspace to run it in (the roots cannot be served). */
function noWorkspaceResult(callId: string, name: string, error: Error): McpCallResult {
  return toMcpResult({
    callId,
    name,
    isError: true,
    content: [{ type: 'text', text: `handrail has no workspace to run ${name} in: ${error.message}` }],
    outcome: {
      status: 'fatal',
      errorClass: 'permission_denied',
      hint: 'The user must change the roots the client announces, or start the server with --root.',
    },
  });
}
