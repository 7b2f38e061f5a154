// One MCP connection: an SDK Server with tools/list and tools/call, backed by its own runtime, one thread
// and one long turn. The runtime is built once the client has said what it supports (elicitation decides
// the approver); the turn lasts as long as the connection so shell sessions, grants "for this session" and
// revealed domains carry from call to call. Closing the connection ends the turn, which kills its processes.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ElicitResultSchema, ListToolsRequestSchema, } from '@modelcontextprotocol/sdk/types.js';
import { createRuntime } from '../core/index.js';
import { elicitationApprover } from './elicitation.js';
import { runtimeOptions } from './options.js';
import { progressMessage, toMcpResult } from './result.js';
import { mcpToolList } from './tool-list.js';
import { handrailVersion } from './version.js';
const INSTRUCTIONS = 'handrail runs these tools for you inside guardrails: paths stay in the workspace, commands run in a sandbox, and calls the permission profile does not allow are refused or need approval. Every result says what happened and, on failure, what to do next.';
// A connection is one open-ended turn: no cap on its calls, and roomier retry budgets than one agent turn.
const SESSION_LIMITS = {
    maxCallsPerTurn: Number.POSITIVE_INFINITY,
    retryBudget: { perTool: 32, perTurn: 100 },
};
export class McpSession {
    options;
    server;
    threadId = randomUUID();
    state;
    channels = new Map();
    calls = 0;
    closed = false;
    closeListeners = [];
    constructor(options = {}) {
        this.options = options;
        this.server = new Server({ name: 'handrail', version: handrailVersion() }, { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS });
        this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await this.listTools() }));
        this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => this.callTool(request.params.name, request.params.arguments, extra));
        this.server.onclose = () => void this.close();
    }
    /** Attach a transport (stdio, or one Streamable HTTP session). */
    connect(transport) {
        return this.server.connect(transport);
    }
    /** Run once the session has closed (the client went away, or close() was called). */
    onClose(listener) {
        if (this.closed)
            queueMicrotask(listener);
        else
            this.closeListeners.push(listener);
    }
    get mode() {
        return this.options.profile ?? 'supervised';
    }
    async listTools() {
        const { runtime, turn } = await this.ready();
        return mcpToolList(turn.visibleTools(), runtime.describeTools(), this.mode);
    }
    async callTool(name, args, extra) {
        const { turn } = await this.ready();
        const callId = `mcp_${++this.calls}`;
        this.channels.set(callId, {
            sendRequest: (req, opts) => extra.sendRequest(req, ElicitResultSchema, opts),
        });
        const token = extra._meta?.progressToken;
        let progress = 0;
        const onUpdate = token === undefined
            ? undefined
            : (update) => {
                extra
                    .sendNotification({
                    method: 'notifications/progress',
                    params: { progressToken: token, progress: ++progress, message: progressMessage(update) },
                })
                    // A client gone mid-call is the transport's business; progress is best effort.
                    .catch(() => undefined);
            };
        try {
            const result = await turn.call({ id: callId, name, arguments: args ?? {} }, { signal: extra.signal, ...(onUpdate ? { onUpdate } : {}) });
            return toMcpResult(result);
        }
        finally {
            this.channels.delete(callId);
        }
    }
    /** End the turn (its processes die), close the runtime (flushes the store) and the connection. */
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        for (const listener of this.closeListeners.splice(0))
            listener();
        const state = await this.state?.catch(() => undefined);
        if (state) {
            await state.turn.end();
            await state.runtime.close();
        }
        await this.server.close().catch(() => undefined);
    }
    ready() {
        if (this.closed)
            return Promise.reject(new Error('The handrail session is closed.'));
        this.state ??= Promise.resolve().then(() => this.start());
        return this.state;
    }
    start() {
        const canElicit = this.server.getClientCapabilities()?.elicitation?.form !== undefined;
        const interactive = canElicit && this.options.elicitation !== false;
        const runtime = createRuntime(runtimeOptions(this.options, {
            ...(interactive
                ? {
                    approver: elicitationApprover((callId) => this.channels.get(callId)),
                    approverName: 'elicitation',
                }
                : {}),
            limits: SESSION_LIMITS,
        }));
        const turn = runtime.beginTurn({ threadId: this.threadId });
        runtime.events.on((event) => {
            if (event.type === 'tool/visibility/changed' && event.threadId === this.threadId && !this.closed) {
                this.server.sendToolListChanged().catch(() => undefined);
            }
        });
        return { runtime, turn };
    }
}
//# sourceMappingURL=session.js.map