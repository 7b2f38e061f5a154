import type { NetworkPolicy } from './policy.js';
export declare const PROXY_DEFAULTS: {
    /** Connections open at once through one proxy (every command of a runtime together). */
    maxConnections: number;
    /** A connection with no byte in either direction for this long is closed. */
    idleTimeoutMs: number;
    /** The longest wait for a complete request head. */
    headTimeoutMs: number;
    /** Requests reported one by one per command; past this, only counted (a final record says how many). */
    maxRecords: number;
};
export interface CommandProxyOptions {
    maxConnections?: number;
    idleTimeoutMs?: number;
    headTimeoutMs?: number;
    maxRecords?: number;
}
/** One request through the proxy, as the audit log keeps it. */
export interface ProxyRequestRecord {
    kind: 'request';
    /** The host as the client named it (lowercase; empty when the request could not be read). */
    host: string;
    port: number;
    /** CONNECT for a tunnel, the request method for plain http. */
    method: string;
    /** The URL of a plain http request (clipped); a tunnel's URL is inside TLS. */
    url?: string;
    /** Whether the network policy let it through. */
    allowed: boolean;
    /** Why it was refused: a policy reason (`blocked_address`, `not_allowed`, …) or the proxy's own. */
    reason?: string;
    /** The refusal or failure in words (what the command was told, for plain http). */
    message?: string;
    /** The checked address the connection went to. */
    address?: string;
    /** What a tunnel carried: `tls` or `http`. */
    protocol?: 'tls' | 'http';
    /** The response status of a plain http request. */
    status?: number;
    /** How an allowed connection failed or was cut (connect refused, idle timeout, closed with the command). */
    error?: string;
    bytesUp: number;
    bytesDown: number;
    durationMs: number;
}
/** Requests that were only counted because a command made more than `maxRecords`. */
export interface ProxyOmittedRecord {
    kind: 'omitted';
    omitted: number;
    refused: number;
}
export type ProxyRecord = ProxyRequestRecord | ProxyOmittedRecord;
/** A command's own entrance to the proxy: a unix socket, closed (with its connections) when the command ends. */
export interface ProxyListener {
    readonly socket: string;
    close(): Promise<void>;
}
/** One proxy per runtime: the policy, the connection cap shared by every command, and their listeners. */
export declare class CommandProxy {
    readonly policy: NetworkPolicy;
    private readonly limits;
    private readonly listeners;
    private opener;
    private active;
    private closed;
    constructor(policy: NetworkPolicy, options?: CommandProxyOptions);
    /** Connections open now, across every listener. */
    get connections(): number;
    /**
     * Listen on a unix socket for one command. `report` receives every request (at most `maxRecords`, then one
     * `omitted` record when the listener closes). The socket is made connectable by any user: it lives in the
     * command's private run directory (0700), which is what keeps other users out.
     */
    listen(socketPath: string, report: (record: ProxyRecord) => void): Promise<ProxyListener>;
    /** Close every listener and cut every connection (runtime close). */
    close(): Promise<void>;
    private closeListener;
    /** One client connection: read, check, connect, relay, report. Never throws. */
    private serve;
    private socketOpener;
    /** Open a TCP connection to the checked address (through `network.connector` when one is configured). */
    private dial;
}
