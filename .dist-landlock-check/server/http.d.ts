import { type SessionOptions } from './session.js';
export interface HttpServeOptions extends SessionOptions {
    host?: string;
    port?: number;
    /** Required for any bind that is not loopback; checked on every request. */
    token?: string;
    /** Open sessions at once (default 32). */
    maxSessions?: number;
    /** Largest request body (default 4 MiB). */
    maxBodyBytes?: number;
    /** A session with no request for this long is closed (default 1 h). */
    idleMs?: number;
}
export interface HttpServeHandle {
    /** http://host:port/mcp */
    url: string;
    port: number;
    sessionCount(): number;
    close(): Promise<void>;
}
export declare class ServeConfigError extends Error {
    readonly hint: string;
    constructor(message: string, hint: string);
}
export declare function serveHttp(options?: HttpServeOptions): Promise<HttpServeHandle>;
