// `handrail serve` over stdio: one session on the process's stdin/stdout. stdout carries only protocol
// messages; anything for a human goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpSession, type SessionOptions } from './session.js';

export interface StdioServeHandle {
  session: McpSession;
  /** Settles when the client closes stdin or close() runs; the runtime is closed by then. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveStdio(
  options: SessionOptions = {},
  io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {},
): Promise<StdioServeHandle> {
  const stdin = (io.stdin ?? process.stdin) as NodeJS.ReadStream;
  const stdout = (io.stdout ?? process.stdout) as NodeJS.WriteStream;
  // Over stdio the client can be asked for its roots at once: a server that cannot serve them ends then.
  const session = new McpSession(
    options.clientRoots
      ? { ...options, clientRoots: { askAtInitialize: true, ...options.clientRoots } }
      : options,
  );
  const transport = new StdioServerTransport(stdin, stdout);
  let finished!: () => void;
  const closed = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const close = async () => {
    await session.close();
    finished();
  };
  // A line that is not JSON, or not JSON-RPC, gets the JSON-RPC error a peer expects; the server reads on.
  session.server.onerror = (error) => {
    const code = parseErrorCode(error);
    if (code === undefined) return;
    transport
      .send({
        jsonrpc: '2.0',
        id: null,
        error: { code, message: code === -32700 ? 'Parse error' : 'Invalid Request' },
      } as never)
      .catch(() => undefined);
  };
  await session.connect(transport);
  // The client closing our stdin is how a stdio session ends.
  stdin.once('end', () => void close());
  stdin.once('close', () => void close());
  return { session, closed, close };
}

/** -32700 for bytes that are not JSON, -32600 for JSON that is not a JSON-RPC message; else undefined. */
function parseErrorCode(error: unknown): number | undefined {
  if (error instanceof SyntaxError) return -32700;
  if ((error as { name?: string })?.name === 'ZodError') return -32600;
  return undefined;
}
