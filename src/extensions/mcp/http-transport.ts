// Reaching an HTTP server through handrail's network policy, like web_fetch: every URL checked (scheme, allow
// and deny lists, every resolved address against the SSRF guard), the connection made to the checked address
// only, no redirect followed by the fetch itself (the SDK follows same-origin ones, through this fetch again),
// and no single message larger than a bound. Streamable HTTP first; SSE when the server only has that. A
// message past the bound is reported to the transport's owner at once (its calls end with that reason), and
// each request's response stream closes when its call ends, answered or abandoned.
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type CheckedTarget, type NetworkPolicy, pinnedAgent } from '../../sandbox/index.js';

/** Largest single message (a JSON body, or one server-sent event) a server may send. */
export const MAX_HTTP_MESSAGE_BYTES = 16 * 1024 * 1024;
/**
 * The pinned connection's own header and idle timeouts, effectively off: a server may stream a long call's
 * answer or keep its notification stream open for hours. The MCP call's timeout bounds every request instead.
 */
const NO_IDLE_LIMIT_MS = 2 ** 31 - 1;

/** A message past MAX_HTTP_MESSAGE_BYTES: the body it came in is cut off with this error. */
export class MessageTooLargeError extends Error {
  constructor(server: string) {
    super(`MCP server ${server} sent a message larger than ${MAX_HTTP_MESSAGE_BYTES} bytes`);
    this.name = 'MessageTooLargeError';
  }
}

/**
 * A fetch for the SDK's transports that goes only where the network policy lets it. `onTooLarge` hears of a
 * message past the bound as it is cut off: the SDK reads event streams in the background, where the error
 * alone would reach no call.
 */
export function policedFetch(
  policy: NetworkPolicy,
  server: string,
  onTooLarge: (error: MessageTooLargeError) => void = () => undefined,
): FetchLike {
  const settings = { ...policy.settings, idleTimeoutMs: NO_IDLE_LIMIT_MS };
  // One check per origin for the connection's life: the address it resolved to is the one used throughout.
  const checked = new Map<string, Promise<CheckedTarget>>();
  return async (input, init) => {
    const url = new URL(input instanceof URL ? input.href : String(input));
    let target = checked.get(url.origin);
    if (!target) {
      target = policy.check(url.href, init?.signal ? { signal: init.signal } : {});
      checked.set(url.origin, target);
      target.catch(() => checked.delete(url.origin));
    }
    const pinned = { ...(await target), href: url.href, url };
    const { fetch } = await import('undici');
    const agent = await pinnedAgent(pinned, settings);
    try {
      const response = await fetch(url.href, {
        ...(init as Record<string, unknown>),
        redirect: 'manual',
        dispatcher: agent,
      });
      // Closing waits for the body: the agent goes once the response has been read (or cancelled).
      void agent.close().catch(() => undefined);
      return bounded(response as unknown as Response, server, onTooLarge);
    } catch (error) {
      void agent.destroy().catch(() => undefined);
      throw error;
    }
  };
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The response with its body cut off (an error) once one message grows past the bound. */
function bounded(
  response: Response,
  server: string,
  onTooLarge: (error: MessageTooLargeError) => void,
): Response {
  if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
  // An event stream holds many messages, each ended by a blank line; any other body (JSON) is one message,
  // whatever blank lines it is padded with.
  const events = mediaType(response.headers.get('content-type')) === 'text/event-stream';
  let since = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const end = events ? lastEventEnd(chunk) : -1;
      since = end === -1 ? since + chunk.length : chunk.length - end;
      if (since > MAX_HTTP_MESSAGE_BYTES) {
        const error = new MessageTooLargeError(server);
        controller.error(error);
        onTooLarge(error);
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(limit), { status, statusText, headers });
}

/** The index just past the last blank line (`\n\n`) in a chunk, or -1. */
function lastEventEnd(chunk: Uint8Array): number {
  for (let i = chunk.length - 1; i > 0; i--) {
    if (chunk[i] === 10 && (chunk[i - 1] === 10 || (chunk[i - 1] === 13 && chunk[i - 2] === 10)))
      return i + 1;
  }
  return -1;
}

/** `type/subtype` of a Content-Type, lower case, without parameters. */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface HttpEndpoint {
  url: URL;
  headers: Record<string, string>;
  /** Checks every URL the transport fetches. */
  policy: NetworkPolicy;
  /** The server's name, for reasons. */
  server: string;
}

/**
 * Streamable HTTP: each request's POST answers with its own stream, closed when the request's call ends, and a
 * message past the bound is reported as the transport's error (its owner ends the connection, and its calls).
 */
export function streamableTransport(endpoint: HttpEndpoint): Transport {
  const streams = new RequestStreams();
  const fetch = policedFetch(endpoint.policy, endpoint.server, (error) => transport.onerror?.(error));
  const transport = new StreamableHTTPClientTransport(endpoint.url, {
    fetch: streams.fetch(fetch),
    requestInit: { headers: endpoint.headers },
  });
  // Set before connecting: the client keeps this handler and calls its own after it.
  transport.onmessage = (message) => streams.answered(message);
  return transport;
}

/** The older SSE transport: one stream for every answer, bounded like the rest. */
export function sseTransport(endpoint: HttpEndpoint): Transport {
  const fetch = policedFetch(endpoint.policy, endpoint.server, (error) => transport.onerror?.(error));
  const transport = new SSEClientTransport(endpoint.url, {
    fetch,
    requestInit: { headers: endpoint.headers },
  });
  return transport;
}

type RequestId = string | number;

/**
 * The response streams of one Streamable HTTP transport's requests, by request id. A request's stream closes
 * once its answer has come, or once the client cancels it (a timeout or the caller's abort, which the SDK
 * sends as notifications/cancelled): a server that keeps an abandoned call's stream open keeps no socket and
 * no reader of handrail's.
 */
export class RequestStreams {
  private readonly open = new Map<RequestId, AbortController>();

  /** How many requests' streams are open (for tests). */
  get size(): number {
    return this.open.size;
  }

  /** `fetch`, with each request's POST under an abort of its own. */
  fetch(fetch: FetchLike): FetchLike {
    return async (url, init) => {
      const message = typeof init?.body === 'string' ? outgoing(init.body) : undefined;
      if (message?.cancels !== undefined) this.close(message.cancels);
      if (message?.request === undefined) return fetch(url, init);
      const id = message.request;
      const own = new AbortController();
      this.close(id);
      this.open.set(id, own);
      const signal = init?.signal ? AbortSignal.any([init.signal, own.signal]) : own.signal;
      try {
        return await fetch(url, { ...init, signal });
      } catch (error) {
        if (this.open.get(id) === own) this.open.delete(id);
        throw error;
      }
    };
  }

  /** A message from the server: an answer ends its request, and so its stream (the server should close it). */
  answered(message: JSONRPCMessage): void {
    const { id } = message as { id?: unknown };
    if (typeof id !== 'string' && typeof id !== 'number') return;
    if ('result' in message || 'error' in message) this.close(id);
  }

  /** Close a request's stream, if it is open. */
  close(id: unknown): void {
    const own = this.open.get(id as RequestId);
    if (!own) return;
    this.open.delete(id as RequestId);
    own.abort(new Error('the call ended'));
  }
}

/** What a POST body (a message handrail's client wrote) is: a request (its id), or a cancellation (of which). */
function outgoing(body: string): { request?: RequestId; cancels?: unknown } | undefined {
  let message: { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || typeof message.method !== 'string') return undefined;
  if (message.method === 'notifications/cancelled') return { cancels: message.params?.requestId };
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' ? { request: id } : undefined;
}

/** A server that answers Streamable HTTP's first POST like this has only the older SSE transport. */
export function wantsSseFallback(error: unknown): boolean {
  return error instanceof StreamableHTTPError && [400, 404, 405].includes(error.code ?? 0);
}
