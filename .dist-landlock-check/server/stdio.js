// `handrail serve` over stdio: one session on the process's stdin/stdout. stdout carries only protocol
// messages; anything for a human goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpSession } from './session.js';
export async function serveStdio(options = {}, io = {}) {
    const stdin = (io.stdin ?? process.stdin);
    const stdout = (io.stdout ?? process.stdout);
    const session = new McpSession(options);
    const transport = new StdioServerTransport(stdin, stdout);
    let finished;
    const closed = new Promise((resolve) => {
        finished = resolve;
    });
    const close = async () => {
        await session.close();
        finished();
    };
    // A line that is not JSON, or not JSON-RPC, gets the JSON-RPC error a peer expects; the server reads on.
    session.server.onerror = (error) => {
        const code = parseErrorCode(error);
        if (code === undefined)
            return;
        transport
            .send({
            jsonrpc: '2.0',
            id: null,
            error: { code, message: code === -32700 ? 'Parse error' : 'Invalid Request' },
        })
            .catch(() => undefined);
    };
    await session.connect(transport);
    // The client closing our stdin is how a stdio session ends.
    stdin.once('end', () => void close());
    stdin.once('close', () => void close());
    return { session, closed, close };
}
/** -32700 for bytes that are not JSON, -32600 for JSON that is not a JSON-RPC message; else undefined. */
function parseErrorCode(error) {
    if (error instanceof SyntaxError)
        return -32700;
    if (error?.name === 'ZodError')
        return -32600;
    return undefined;
}
//# sourceMappingURL=stdio.js.map