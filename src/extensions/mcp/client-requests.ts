// What an upstream server may ask of handrail as its client: the roots (handrail's roots, as file:// URIs),
// and elicitation or sampling, which go to the runtime owner's handlers when there are some and are refused,
// naming handrail and the server, when there are none. Anything else a server asks is refused the same way.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpClientHandlers } from './types.js';

/**
 * What handrail tells a server it can do: always roots; elicitation and sampling only with a handler for them
 * (a server that follows the protocol then never asks, and may leave out the tools that would).
 */
export function clientCapabilities(handlers: McpClientHandlers): ClientCapabilities {
  return {
    roots: { listChanged: false },
    ...(handlers.elicitation ? { elicitation: { form: {} } } : {}),
    ...(handlers.sampling ? { sampling: {} } : {}),
  };
}

/** Install the answers to a server's requests on a client (before it connects). */
export function answerServerRequests(
  client: Client,
  server: string,
  roots: readonly string[],
  handlers: McpClientHandlers,
): void {
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: roots.map((root) => ({ uri: pathToFileURL(root).href, name: path.basename(root) || root })),
  }));
  const { elicitation, sampling } = handlers;
  if (elicitation) {
    client.setRequestHandler(
      ElicitRequestSchema,
      async (request, extra) => (await elicitation(server, request.params, extra.signal)) as never,
    );
  }
  if (sampling) {
    client.setRequestHandler(
      CreateMessageRequestSchema,
      async (request, extra) => (await sampling(server, request.params, extra.signal)) as never,
    );
  }
  // A server that asks anyway (or asks something else) gets a refusal that says whose it is.
  client.fallbackRequestHandler = async (request) => {
    throw new McpError(ErrorCode.MethodNotFound, refusal(request.method, server));
  };
}

function refusal(method: string, server: string): string {
  if (method === 'elicitation/create') {
    return `handrail has no elicitation handler for server ${server}: it cannot ask the user for input`;
  }
  if (method === 'sampling/createMessage') {
    return `handrail has no sampling handler for server ${server}: it cannot run a model for the server`;
  }
  return `handrail does not answer ${JSON.stringify(method)} requests (server ${server})`;
}
