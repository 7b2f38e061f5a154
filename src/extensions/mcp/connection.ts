// One upstream server: its MCP client, its state (connecting → ready | failed; restarting after a fault),
// restarts with backoff, and its calls. Every failure is a reason in words naming the server, and every call
// ends as a result: the server's answer, or an error class that says what happened to the server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  ResultSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '../../core/index.js';
import { labelSafe } from '../../output/index.js';
import type { ErrorClass, ToolContext, ToolReturn } from '../../types/index.js';
import { answerServerRequests, clientCapabilities } from './client-requests.js';
import { MessageTooLargeError, wantsSseFallback } from './http-transport.js';
import { ProgressForwarder } from './progress.js';
import { boundedLine, framedServerWords, toolReturnFromMcp } from './result.js';
import { ProcessTransport, takeSandboxNotes } from './stdio-transport.js';
import type { McpListedTool } from './tool-spec.js';
import type { McpClientHandlers, McpServerState, McpServerStatus } from './types.js';

/** Restarts: at most this many within the window, then the server is failed. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 5 * 60_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** How long a call waits for a restarting server before it answers that the server is restarting. */
const RESTART_WAIT_MS = 10_000;
/** Bounds on a server's tool list. */
const MAX_LIST_PAGES = 100;
export const MAX_TOOLS_PER_SERVER = 1000;
/** handrail's own name and version, as servers see them. */
const CLIENT_INFO = { name: 'handrail', version: '0.1.0' };

type TransportLabel = McpServerStatus['transport'];

/** One way to reach the server: tried in order; the next only when the previous says it has the older one. */
export interface TransportOption {
  label: TransportLabel;
  open(): Transport;
}

export interface ConnectionOptions {
  name: string;
  /** 'stdio' failures are io_error, 'http' ones network_error. */
  kind: 'stdio' | 'http';
  /** A fresh list of ways to connect for each attempt (HTTP re-checks its URL against the policy). */
  transports(): TransportOption[];
  /** The server's own timeout for one call without progress (and for starting). */
  timeoutMs: number;
  /** The longest a call may take in all, progress or not. */
  maxCallMs: number;
  roots: readonly string[];
  handlers: McpClientHandlers;
  /** The server's tools, after each listing (start, restart, list_changed). */
  onTools(tools: McpListedTool[], truncated: boolean): void;
  /** The state changed (the extension reports it). */
  onState(): void;
}

interface Live {
  client: Client;
  transport: Transport;
  label: TransportLabel;
  /** Why it ended, once it has: what its calls in flight answer. */
  lostReason?: string;
}

/**
 * The SDK's Streamable HTTP transport reports, as errors, that it could not reopen a stream: the server is
 * gone (or has dropped the session). Its calls in flight would otherwise wait for their timeout.
 */
const HTTP_STREAM_LOST = /^(Failed to reconnect SSE stream|Maximum reconnection attempts)/;

export class McpConnection {
  state: McpServerState = 'connecting';
  reason: string | undefined;
  restarts = 0;
  transport: TransportLabel;
  serverInfo: { name: string; version: string } | undefined;
  sandbox: McpServerStatus['sandbox'];

  private live: Live | undefined;
  private closing = false;
  private readonly abort = new AbortController();
  private restartTimes: number[] = [];
  private restartTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  private changed = deferred();
  private listing: Promise<void> | undefined;
  private listAgain = false;
  /** Why an HTTP transport was given up while connecting (a message past the bound), for the failure reason. */
  private readonly streamLost = new WeakMap<Transport, string>();

  constructor(private readonly options: ConnectionOptions) {
    this.transport = options.kind === 'stdio' ? 'stdio' : 'streamable-http';
  }

  get name(): string {
    return this.options.name;
  }

  /** Connect for the first time; resolves once ready or failed (a first failure is not retried). */
  async start(): Promise<void> {
    this.setState('connecting');
    this.connecting = this.connect();
    try {
      await this.connecting;
    } catch (error) {
      if (!this.closing) this.setState('failed', this.failureReason(error, 'start'));
    }
  }

  /** Stop the server (its process tree) and any restart to come. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearTimeout(this.restartTimer);
    this.abort.abort(new Error('the runtime is closing'));
    const live = this.live;
    this.live = undefined;
    this.setState('closed');
    await this.connecting?.catch(() => undefined);
    await live?.client.close().catch(() => undefined);
  }

  /** Run one call on the server; throws a ToolError for everything but the server's own answer. */
  async call(tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolReturn> {
    const live = await this.usable(ctx.signal);
    const origin = { server: this.name, tool };
    const progress = new ProgressForwarder(ctx.onUpdate, origin);
    try {
      // Read loosely (any result object): a part the SDK's schema does not know becomes text, not a failure.
      const result = await live.client.request(
        { method: 'tools/call', params: { name: tool, arguments: args } },
        ResultSchema,
        {
          signal: ctx.signal,
          timeout: this.options.timeoutMs,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: this.options.maxCallMs,
          onprogress: (update) => progress.push(update),
        },
      );
      // Only handrail's stdio transport writes the notes key (after stripping the server's); over HTTP it can
      // only be the server's forgery: removed, never shown.
      const carried = takeSandboxNotes(result as Record<string, unknown>);
      const notes = live.transport instanceof ProcessTransport ? carried : [];
      return withSandboxNotes(toolReturnFromMcp(result, origin), notes);
    } catch (error) {
      // What the sandbox found when the server ended (its last look), for the call that saw it end.
      const notes = sandboxNotes(live);
      // Cancelled or timed out by the pipeline: the SDK has told the server; the pipeline says what happened.
      if (ctx.signal.aborted) throw error;
      const failure = this.callError(error, live, tool);
      if (notes.length > 0) failure.message += `\n${notesText(notes)}`;
      throw failure;
    } finally {
      progress.stop();
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Connecting and restarting
  // -------------------------------------------------------------------------------------------------------

  private async connect(): Promise<void> {
    const live = await this.attempt();
    if (this.closing) {
      await live.client.close().catch(() => undefined);
      return;
    }
    this.live = live;
    this.transport = live.label;
    if (live.transport instanceof ProcessTransport && live.transport.sandbox) {
      const { backend, degraded } = live.transport.sandbox;
      this.sandbox = { backend, ...(degraded ? { degraded } : {}) };
    }
    live.client.onclose = () =>
      this.lost(live, this.closeReason(live) ?? `MCP server ${this.name} closed the connection`);
    try {
      const { tools, truncated } = await this.listTools(live.client);
      this.serverInfo = pickServerInfo(live.client.getServerVersion());
      this.options.onTools(tools, truncated);
    } catch (error) {
      this.live = undefined;
      await live.client.close().catch(() => undefined);
      // Tagged like a failed connect, so that the reason can say what ended the transport.
      throw withTransport(error, live.transport);
    }
    if (this.closing) return;
    this.setState('ready');
  }

  /** A connected client, trying each transport in turn (SSE after a Streamable HTTP server said it has none). */
  private async attempt(): Promise<Live> {
    const options = this.options.transports();
    for (let i = 0; ; i++) {
      const option = options[i]!;
      const transport = option.open();
      const client = this.newClient();
      if (option.label !== 'stdio') this.watchStreams(transport, client);
      try {
        await client.connect(transport, { timeout: this.options.timeoutMs, signal: this.abort.signal });
        return { client, transport, label: option.label };
      } catch (error) {
        await client.close().catch(() => undefined);
        if (i + 1 < options.length && wantsSseFallback(error) && !this.closing) continue;
        throw withTransport(error, transport);
      }
    }
  }

  /**
   * An HTTP transport that cannot reach its server any more, or that cut off a message past the bound (in a
   * stream the SDK reads in the background, where no call would hear of it), ends the connection: its calls
   * end at once with that reason rather than at their timeout.
   */
  private watchStreams(transport: Transport, client: Client): void {
    // Set before connecting: the client keeps this handler and calls its own after it.
    transport.onerror = (error) => {
      const tooLarge = error instanceof MessageTooLargeError;
      if (!tooLarge && !HTTP_STREAM_LOST.test(error?.message ?? '')) return;
      const reason = tooLarge
        ? error.message
        : `MCP server ${this.name} could not be reached: ${describeError(error)}`;
      const live = this.live;
      if (live?.transport === transport && this.state === 'ready') return this.lost(live, reason);
      // Still connecting (or listing its tools): give this transport up, and say why.
      if (tooLarge && !this.streamLost.has(transport)) {
        this.streamLost.set(transport, reason);
        void client.close().catch(() => undefined);
      }
    };
  }

  private newClient(): Client {
    const client = new Client(CLIENT_INFO, { capabilities: clientCapabilities(this.options.handlers) });
    answerServerRequests(client, this.name, this.options.roots, this.options.handlers);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (this.live?.client === client) this.relist(client);
    });
    // Protocol noise (a progress token it no longer knows, say) is not a fault; a broken transport closes it.
    client.onerror = () => undefined;
    return client;
  }

  /** The server's whole tool list, page by page, bounded. */
  private async listTools(client: Client): Promise<{ tools: McpListedTool[]; truncated: boolean }> {
    const tools: McpListedTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      // Read loosely: one tool with a schema the SDK would refuse must not cost the server all its tools (the
      // registry judges each tool's schema, and skips the unusable ones).
      const answer = await client.request(
        { method: 'tools/list', params: cursor ? { cursor } : {} },
        ResultSchema,
        {
          timeout: this.options.timeoutMs,
          signal: this.abort.signal,
        },
      );
      if (!Array.isArray(answer.tools)) {
        throw new Error(`MCP server ${this.name} answered tools/list without a list of tools`);
      }
      // One by one: a page may hold more tools than a call's arguments can (push(...page) overflows the stack).
      const page = answer.tools as McpListedTool[];
      for (const tool of page) {
        if (tools.length === MAX_TOOLS_PER_SERVER) return { tools, truncated: true };
        tools.push(tool);
      }
      cursor = typeof answer.nextCursor === 'string' && answer.nextCursor ? answer.nextCursor : undefined;
      if (!cursor) return { tools, truncated: false };
      if (tools.length === MAX_TOOLS_PER_SERVER) return { tools, truncated: true };
    }
    return { tools, truncated: true };
  }

  /** notifications/tools/list_changed: list again (once more if it changes while listing). */
  private relist(client: Client): void {
    if (this.listing) {
      this.listAgain = true;
      return;
    }
    this.listing = (async () => {
      do {
        this.listAgain = false;
        try {
          const { tools, truncated } = await this.listTools(client);
          if (this.live?.client !== client || this.closing) return;
          this.options.onTools(tools, truncated);
        } catch {
          // The server went away meanwhile (its restart lists again), or did not answer: keep the old list.
          return;
        }
      } while (this.listAgain);
    })().finally(() => {
      this.listing = undefined;
    });
  }

  /** The live connection ended without handrail asking: restart it (with backoff) or give up. */
  private lost(live: Live, reason: string): void {
    if (this.closing || this.live !== live || this.state !== 'ready') return;
    live.lostReason = reason;
    this.live = undefined;
    void live.client.close().catch(() => undefined);
    this.scheduleRestart(reason);
  }

  private scheduleRestart(reason: string): void {
    const now = Date.now();
    this.restartTimes = this.restartTimes.filter((at) => now - at < RESTART_WINDOW_MS);
    if (this.restartTimes.length >= MAX_RESTARTS) {
      this.setState(
        'failed',
        `${reason} (handrail restarted it ${MAX_RESTARTS} times within ${RESTART_WINDOW_MS / 60_000} minutes and gave up)`,
      );
      return;
    }
    const delay = Math.min(FIRST_BACKOFF_MS * 2 ** this.restartTimes.length, MAX_BACKOFF_MS);
    this.restartTimes.push(now);
    this.setState('restarting', reason);
    this.restartTimer = setTimeout(() => void this.restart(), delay);
  }

  private async restart(): Promise<void> {
    if (this.closing) return;
    this.restarts++;
    this.connecting = this.connect();
    try {
      await this.connecting;
    } catch (error) {
      if (!this.closing) this.scheduleRestart(this.failureReason(error, 'restart'));
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Calls
  // -------------------------------------------------------------------------------------------------------

  /** The live connection, once ready; waits a little for a restart; otherwise says why there is none. */
  private async usable(signal: AbortSignal): Promise<Live> {
    const deadline = Date.now() + Math.min(RESTART_WAIT_MS, this.options.timeoutMs);
    while ((this.state === 'restarting' || this.state === 'connecting') && Date.now() < deadline) {
      signal.throwIfAborted();
      await waitFor(this.changed.promise, deadline - Date.now(), signal);
    }
    if (this.state === 'ready' && this.live) return this.live;
    const kind = this.errorKind();
    if (this.state === 'restarting' || this.state === 'connecting') {
      throw new ToolError(
        kind,
        `MCP server ${this.name} is restarting: ${this.reason ?? 'it is starting'}.`,
        {
          hint: 'handrail is restarting the server; try the call again shortly.',
        },
      );
    }
    if (this.state === 'closed')
      throw new ToolError(kind, `MCP server ${this.name} was stopped with the runtime.`);
    throw new ToolError(kind, `MCP server ${this.name} is not available: ${this.reason ?? 'it failed'}.`, {
      status: 'fatal',
      hint: `The server failed; its tools cannot be used until handrail is restarted. Do not call mcp__${this.name}__* tools again.`,
    });
  }

  /** A call's failure as a ToolError naming the server. */
  private callError(error: unknown, live: Live, rawTool: string): ToolError {
    // The tool's own name is the server's word: named only in a form that cannot carry text of its own.
    const tool = labelSafe(rawTool);
    const kind = this.errorKind();
    const lostReason = live.lostReason ?? this.closeReason(live);
    if (lostReason || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) {
      // The server died with the call in flight (its exit or a broken stream closed the connection).
      return new ToolError(
        kind,
        `The call to ${tool} failed: ${lostReason ?? `MCP server ${this.name} closed the connection`}.`,
        {
          hint: 'handrail restarts the server; the call may have had effects. Check before retrying it.',
        },
      );
    }
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout) {
        return new ToolError(
          'timeout',
          `MCP server ${this.name} did not answer ${tool} within ${seconds(this.options.timeoutMs)} (without progress), or within ${seconds(this.options.maxCallMs)} in all; the call was cancelled.`,
        );
      }
      const errorClass: ErrorClass =
        error.code === ErrorCode.InvalidParams ? 'invalid_arguments' : 'tool_error';
      // The message is the server's words: bounded, and framed as its output, never as handrail's sentence.
      const words = error.message.replace(`MCP error ${error.code}: `, '');
      return new ToolError(
        errorClass,
        `MCP server ${this.name} refused the call to ${tool} (JSON-RPC error ${error.code}), saying:\n${framedServerWords(words, { server: this.name, tool })}`,
      );
    }
    const message = describeError(error);
    if (this.options.kind === 'http') {
      // The server could not be reached (it went away, its session expired): connect again, with backoff.
      this.lost(live, `MCP server ${this.name} could not be reached: ${message}`);
      return new ToolError(
        'network_error',
        `The call to ${tool} failed: MCP server ${this.name} could not be reached: ${message}.`,
      );
    }
    if ((error as Error)?.name === 'ZodError') {
      return new ToolError(
        'tool_error',
        `MCP server ${this.name} answered ${tool} with a result that is not valid MCP: ${message}`,
      );
    }
    return new ToolError(kind, `The call to ${tool} failed: MCP server ${this.name}: ${message}`);
  }

  private errorKind(): ErrorClass {
    return this.options.kind === 'stdio' ? 'io_error' : 'network_error';
  }

  // -------------------------------------------------------------------------------------------------------
  // Reasons
  // -------------------------------------------------------------------------------------------------------

  /** Why a stdio server's connection ended (its exit, a malformed line), when it has. */
  private closeReason(live: Live): string | undefined {
    return live.transport instanceof ProcessTransport ? live.transport.closeReason : undefined;
  }

  private failureReason(error: unknown, when: 'start' | 'restart'): string {
    const transport = (error as { transport?: Transport })?.transport;
    const closed =
      transport instanceof ProcessTransport
        ? transport.closeReason
        : transport && this.streamLost.get(transport);
    if (closed) return closed;
    const stderr = transport instanceof ProcessTransport ? transport.stderrTail().trim() : '';
    const suffix = stderr ? `; its stderr ends: ${stderr}` : '';
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return `MCP server ${this.name} did not answer within ${seconds(this.options.timeoutMs)} while ${when === 'start' ? 'starting' : 'restarting'}${suffix}`;
    }
    const message = describeError(error);
    return message.includes(this.name)
      ? `${message}${suffix}`
      : `MCP server ${this.name}: ${message}${suffix}`;
  }

  private setState(state: McpServerState, reason?: string): void {
    this.state = state;
    if (state === 'ready') this.reason = undefined;
    else if (reason !== undefined) this.reason = reason;
    const changed = this.changed;
    this.changed = deferred();
    changed.resolve();
    this.options.onState();
  }
}

/** An error carrying the transport it came from, so its reason can quote the server's stderr. */
function withTransport(error: unknown, transport: Transport): unknown {
  if (error && typeof error === 'object') {
    try {
      Object.defineProperty(error, 'transport', { value: transport, enumerable: false, configurable: true });
    } catch {
      // A frozen error: the reason goes without the stderr.
    }
  }
  return error;
}

/**
 * An error's message, with its cause's code when the message alone says little (undici's "fetch failed"): one
 * line, bounded (it may quote what the server sent).
 */
function describeError(error: unknown): string {
  const message = (error as Error)?.message ?? String(error);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const detail =
    typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return boundedLine(detail && !message.includes(detail) ? `${message} (${detail})` : message, 500);
}

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function pickServerInfo(info: unknown): { name: string; version: string } | undefined {
  const value = info as { name?: unknown; version?: unknown } | undefined;
  if (typeof value?.name !== 'string') return undefined;
  return { name: value.name.slice(0, 200), version: String(value.version ?? '').slice(0, 100) };
}

function waitFor(promise: Promise<void>, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done, { once: true });
    void promise.then(done);
  });
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** What the sandbox found when the server's process ended, not yet told to anyone. */
function sandboxNotes(live: Live): string[] {
  return live.transport instanceof ProcessTransport ? live.transport.takeNotes() : [];
}

/** handrail's own words, outside the server's untrusted frame. */
function notesText(notes: string[]): string {
  return `[handrail sandbox] ${notes.join(' ')}`;
}

function withSandboxNotes(result: ToolReturn, notes: string[]): ToolReturn {
  if (notes.length === 0 || typeof result !== 'object' || result === null || !('content' in result))
    return result;
  const content = Array.isArray(result.content)
    ? [...result.content, { type: 'text' as const, text: notesText(notes) }]
    : result.content;
  return {
    ...result,
    content,
    details: { ...(result.details as Record<string, unknown> | undefined), sandboxNotes: notes },
  };
}
