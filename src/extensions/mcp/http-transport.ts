// Reaching an HTTP server through handrail's network policy, like web_fetch: every URL checked (scheme, allow
// and deny lists, every resolved address against the SSRF guard), the connection made to the checked address
// only, no redirect followed by the fetch itself (the SDK follows same-origin ones, through this fetch again),
// and no single message larger than a bound. Streamable HTTP first; SSE when the server only has that.
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type CheckedTarget, type NetworkPolicy, pinnedAgent } from '../../sandbox/index.js';

/** Largest single message (a JSON body, or one server-sent event) a server may send. */
export const MAX_HTTP_MESSAGE_BYTES = 16 * 1024 * 1024;
/**
 * The pinned connection's own header and idle timeouts, effectively off: a server may stream a long call's
 * answer or keep its notification stream open for hours. The MCP call's timeout bounds every request instead.
 */
const NO_IDLE_LIMIT_MS = 2 ** 31 - 1;

/** A fetch for the SDK's transports that goes only where the network policy lets it. */
export function policedFetch(policy: NetworkPolicy, server: string): FetchLike {
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
      return bounded(response as unknown as Response, server);
    } catch (error) {
      void agent.destroy().catch(() => undefined);
      throw error;
    }
  };
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The response with its body cut off (an error) once one message grows past the bound. */
function bounded(response: Response, server: string): Response {
  if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
  let since = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      // A blank line ends a server-sent event: count only what came after the last one.
      const end = lastEventEnd(chunk);
      since = end === -1 ? since + chunk.length : chunk.length - end;
      if (since > MAX_HTTP_MESSAGE_BYTES) {
        controller.error(
          new Error(`MCP server ${server} sent a message larger than ${MAX_HTTP_MESSAGE_BYTES} bytes`),
        );
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

export interface HttpEndpoint {
  url: URL;
  headers: Record<string, string>;
  fetch: FetchLike;
}

export function streamableTransport(endpoint: HttpEndpoint): Transport {
  return new StreamableHTTPClientTransport(endpoint.url, {
    fetch: endpoint.fetch,
    requestInit: { headers: endpoint.headers },
  });
}

export function sseTransport(endpoint: HttpEndpoint): Transport {
  return new SSEClientTransport(endpoint.url, {
    fetch: endpoint.fetch,
    requestInit: { headers: endpoint.headers },
  });
}

/** A server that answers Streamable HTTP's first POST like this has only the older SSE transport. */
export function wantsSseFallback(error: unknown): boolean {
  return error instanceof StreamableHTTPError && [400, 404, 405].includes(error.code ?? 0);
}
