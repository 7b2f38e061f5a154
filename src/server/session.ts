// One MCP connection: an SDK Server with tools/list and tools/call, backed by its own runtime, one thread
// and one long turn. The runtime is built once the client has said what it supports (elicitation decides
// the approver); the turn lasts as long as the connection so shell sessions, grants "for this session" and
// revealed domains carry from call to call. Closing the connection ends the turn, which kills its processes.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Turn } from '../core/index.js';
import { createRuntime, type Runtime } from '../core/index.js';
import type { PermissionMode } from '../policy/index.js';
import { type CallChannel, elicitationApprover } from './elicitation.js';
import { runtimeOptions, type WorkspaceOptions } from './options.js';
import { type McpCallResult, progressMessage, toMcpResult } from './result.js';
import { type McpTool, mcpToolList } from './tool-list.js';
import { handrailVersion } from './version.js';

export interface SessionOptions extends WorkspaceOptions {
  /** Turn the elicitation approver off even for clients that support it (the non-interactive default). */
  elicitation?: boolean;
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

export class McpSession {
  readonly server: Server;
  readonly threadId = randomUUID();
  private state: Promise<{ runtime: Runtime; turn: Turn }> | undefined;
  private readonly channels = new Map<string, CallChannel>();
  private calls = 0;
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(private readonly options: SessionOptions = {}) {
    this.server = new Server(
      { name: 'handrail', version: handrailVersion() },
      { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS },
    );
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await this.listTools() }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
      this.callTool(request.params.name, request.params.arguments, extra as unknown as Extra),
    );
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

  async listTools(): Promise<McpTool[]> {
    const { runtime, turn } = await this.ready();
    return mcpToolList(turn.visibleTools(), runtime.describeTools(), this.mode);
  }

  async callTool(name: string, args: unknown, extra: Extra): Promise<McpCallResult> {
    const { turn } = await this.ready();
    const callId = `mcp_${++this.calls}`;
    this.channels.set(callId, {
      sendRequest: (req, opts) => extra.sendRequest(req as never, ElicitResultSchema, opts),
    });
    const token = extra._meta?.progressToken;
    let progress = 0;
    const onUpdate =
      token === undefined
        ? undefined
        : (update: Parameters<typeof progressMessage>[0]) => {
            extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: ++progress, message: progressMessage(update) },
              })
              // A client gone mid-call is the transport's business; progress is best effort.
              .catch(() => undefined);
          };
    try {
      const result = await turn.call(
        { id: callId, name, arguments: args ?? {} },
        { signal: extra.signal, ...(onUpdate ? { onUpdate } : {}) },
      );
      return toMcpResult(result);
    } finally {
      this.channels.delete(callId);
    }
  }

  /** End the turn (its processes die), close the runtime (flushes the store) and the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
    const state = await this.state?.catch(() => undefined);
    if (state) {
      await state.turn.end();
      await state.runtime.close();
    }
    await this.server.close().catch(() => undefined);
  }

  private ready(): Promise<{ runtime: Runtime; turn: Turn }> {
    if (this.closed) return Promise.reject(new Error('The handrail session is closed.'));
    this.state ??= Promise.resolve().then(() => this.start());
    return this.state;
  }

  private start(): { runtime: Runtime; turn: Turn } {
    const canElicit = this.server.getClientCapabilities()?.elicitation?.form !== undefined;
    const interactive = canElicit && this.options.elicitation !== false;
    const runtime = createRuntime(
      runtimeOptions(this.options, {
        ...(interactive
          ? {
              approver: elicitationApprover((callId) => this.channels.get(callId)),
              approverName: 'elicitation',
            }
          : {}),
        limits: SESSION_LIMITS,
      }),
    );
    const turn = runtime.beginTurn({ threadId: this.threadId });
    runtime.events.on((event) => {
      if (event.type === 'tool/visibility/changed' && event.threadId === this.threadId && !this.closed) {
        this.server.sendToolListChanged().catch(() => undefined);
      }
    });
    return { runtime, turn };
  }
}
