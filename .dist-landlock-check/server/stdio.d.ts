import { McpSession, type SessionOptions } from './session.js';
export interface StdioServeHandle {
    session: McpSession;
    /** Settles when the client closes stdin or close() runs; the runtime is closed by then. */
    closed: Promise<void>;
    close(): Promise<void>;
}
export declare function serveStdio(options?: SessionOptions, io?: {
    stdin?: NodeJS.ReadableStream;
    stdout?: NodeJS.WritableStream;
}): Promise<StdioServeHandle>;
