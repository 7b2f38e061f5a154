import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { PermissionMode } from '../policy/index.js';
import { type WorkspaceOptions } from './options.js';
import { type McpCallResult } from './result.js';
import { type McpTool } from './tool-list.js';
export interface SessionOptions extends WorkspaceOptions {
    /** Turn the elicitation approver off even for clients that support it (the non-interactive default). */
    elicitation?: boolean;
}
type Extra = {
    signal: AbortSignal;
    _meta?: {
        progressToken?: string | number;
    } & Record<string, unknown>;
    sendNotification: (n: {
        method: 'notifications/progress';
        params: Record<string, unknown>;
    }) => Promise<void>;
    sendRequest: (request: never, schema: typeof ElicitResultSchema, options?: {
        signal?: AbortSignal;
    }) => Promise<unknown>;
};
export declare class McpSession {
    private readonly options;
    readonly server: Server;
    readonly threadId: `${string}-${string}-${string}-${string}-${string}`;
    private state;
    private readonly channels;
    private calls;
    private closed;
    private readonly closeListeners;
    constructor(options?: SessionOptions);
    /** Attach a transport (stdio, or one Streamable HTTP session). */
    connect(transport: Transport): Promise<void>;
    /** Run once the session has closed (the client went away, or close() was called). */
    onClose(listener: () => void): void;
    get mode(): PermissionMode;
    listTools(): Promise<McpTool[]>;
    callTool(name: string, args: unknown, extra: Extra): Promise<McpCallResult>;
    /** End the turn (its processes die), close the runtime (flushes the store) and the connection. */
    close(): Promise<void>;
    private ready;
    private start;
}
export {};
