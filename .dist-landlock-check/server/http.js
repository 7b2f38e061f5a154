// `handrail serve --http HOST:PORT`: Streamable HTTP at /mcp, one McpSession per MCP session id. Every
// request passes the guard (token, Host, Origin) first; a bad request gets a JSON-RPC error with the right
// status and the server keeps serving.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { checkRequest, isLoopbackHost } from './http-guard.js';
import { McpSession } from './session.js';
export class ServeConfigError extends Error {
    hint;
    constructor(message, hint) {
        super(message);
        this.hint = hint;
    }
}
export async function serveHttp(options = {}) {
    const host = options.host ?? '127.0.0.1';
    const loopback = isLoopbackHost(host);
    const token = options.token === '' ? undefined : options.token;
    if (!loopback && token === undefined) {
        throw new ServeConfigError(`Refusing to serve on ${host} without a token: anyone who can reach it could run commands.`, 'Pass --token (or set HANDRAIL_TOKEN), or bind to 127.0.0.1.');
    }
    const maxSessions = options.maxSessions ?? 32;
    const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
    const idleMs = options.idleMs ?? 60 * 60 * 1000;
    const sessions = new Map();
    let opening = 0;
    const touch = (id, entry) => {
        clearTimeout(entry.timer);
        entry.timer = setTimeout(() => void entry.transport.close(), idleMs);
        entry.timer.unref();
        sessions.set(id, entry);
    };
    const handle = async (req, res) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname !== '/mcp')
            return reply(res, 404, -32601, `Not found: the MCP endpoint is /mcp.`);
        const denied = checkRequest(req, { token, loopback });
        if (denied)
            return reply(res, denied.status, -32001, denied.message, denied.headers);
        if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
            return reply(res, 405, -32000, `Method ${req.method} is not allowed.`, { Allow: 'GET, POST, DELETE' });
        }
        const sessionId = header(req, 'mcp-session-id');
        let body;
        if (req.method === 'POST') {
            const read = await readJson(req, maxBody);
            if (!read.ok) {
                // The rest of an oversized body is never read: close the connection rather than drain it.
                const close = read.status === 413 ? { Connection: 'close' } : undefined;
                reply(res, read.status, read.code, read.message, close);
                if (close)
                    res.once('finish', () => req.destroy());
                return;
            }
            body = read.value;
        }
        if (sessionId !== undefined) {
            const entry = sessions.get(sessionId);
            if (!entry)
                return reply(res, 404, -32001, 'Session not found: start a new one with initialize.');
            touch(sessionId, entry);
            return entry.transport.handleRequest(req, res, body);
        }
        if (req.method !== 'POST' || !isInitializeRequest(body)) {
            return reply(res, 400, -32000, 'Bad request: send initialize first, then the Mcp-Session-Id it returns.');
        }
        // Sessions still initializing count too, or concurrent initializes could all pass the check.
        if (sessions.size + opening >= maxSessions) {
            return reply(res, 503, -32000, `Too many open sessions (${maxSessions}); close one first.`);
        }
        opening++;
        const session = new McpSession(options);
        const transport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (id) => touch(id, { session, transport }),
        });
        session.onClose(() => {
            const id = transport.sessionId;
            if (id === undefined)
                return;
            clearTimeout(sessions.get(id)?.timer);
            sessions.delete(id);
        });
        try {
            await session.connect(transport);
            await transport.handleRequest(req, res, body);
        }
        finally {
            opening--;
        }
        // An initialize the transport refused (bad headers) never became a session: close it.
        if (transport.sessionId === undefined)
            void session.close();
    };
    const server = createServer((req, res) => {
        handle(req, res).catch((error) => {
            if (!res.headersSent)
                reply(res, 500, -32603, `Internal error: ${error?.message ?? error}`);
            else
                res.end();
        });
    });
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 7777, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    const port = server.address().port;
    const shown = host.includes(':') ? `[${host}]` : host;
    return {
        url: `http://${shown}:${port}/mcp`,
        port,
        sessionCount: () => sessions.size,
        async close() {
            await Promise.allSettled([...sessions.values()].map((entry) => entry.session.close()));
            await new Promise((resolve) => {
                server.close(() => resolve());
                server.closeAllConnections();
            });
        },
    };
}
function header(req, name) {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
}
/**
 * The body as JSON. Past `max` bytes (declared or received) the answer is 413 at once and the connection is
 * closed: waiting for the end of an endless or slow body would hold the socket for as long as the sender likes.
 */
function readJson(req, max) {
    return new Promise((resolve) => {
        const tooBig = () => {
            req.removeAllListeners('data');
            resolve({ ok: false, status: 413, code: -32600, message: `The request body is over ${max} bytes.` });
        };
        if (Number(req.headers['content-length'] ?? 0) > max)
            return tooBig();
        const chunks = [];
        let size = 0;
        req.on('data', (chunk) => {
            size += chunk.length;
            if (size > max)
                tooBig();
            else
                chunks.push(chunk);
        });
        req.on('error', () => resolve({ ok: false, status: 400, code: -32700, message: 'The request body could not be read.' }));
        req.on('end', () => {
            try {
                resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            }
            catch (error) {
                resolve({
                    ok: false,
                    status: 400,
                    code: -32700,
                    message: `Parse error: ${error.message}`,
                });
            }
        });
    });
}
function reply(res, status, code, message, headers = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
//# sourceMappingURL=http.js.map