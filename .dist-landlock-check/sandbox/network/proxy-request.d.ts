import type { Socket } from 'node:net';
/** A CONNECT request: a tunnel to host:port (TLS, or HTTP through a client that tunnels everything). */
export interface ConnectRequest {
    kind: 'connect';
    method: 'CONNECT';
    /** Host as written (IPv6 without brackets), port as a number. */
    host: string;
    port: number;
    /** The URL the network policy checks: `https://host:port/`. */
    url: string;
}
/** An absolute-form request for an http:// URL, to be forwarded to its origin. */
export interface ForwardRequest {
    kind: 'forward';
    method: string;
    url: string;
    version: string;
    /** Header lines in order, names as sent. */
    headers: Array<[string, string]>;
}
export type ProxyRequest = ConnectRequest | ForwardRequest;
/** A request the proxy will not read further: the status to answer with and why. */
export declare class BadProxyRequest extends Error {
    readonly status: number;
    constructor(status: number, message: string);
}
/**
 * Read the request head: up to `maxBytes`, within `timeoutMs`. Resolves with the head (without the blank
 * line) and whatever followed it (the start of a body, or of a tunnel). The socket is left paused.
 */
export declare function readHead(socket: Socket, opts: {
    maxBytes: number;
    timeoutMs: number;
}): Promise<{
    head: string;
    rest: Buffer;
}>;
/** Parse a request head into what the proxy serves; throws BadProxyRequest for anything else. */
export declare function parseProxyRequest(head: string): ProxyRequest;
/**
 * The head sent to the origin: the request line in origin form, `Host` set to the URL's authority (RFC 9112
 * 3.2.2), hop-by-hop headers dropped, and `Connection: close`, so one client connection carries one request
 * and every request is checked on its own.
 */
export declare function forwardedHead(request: ForwardRequest, url: URL): Buffer;
/**
 * Whether the first bytes of a tunnel are a TLS handshake record or an HTTP/1.x request line: the tunnel
 * carries http(s) only, like every other path out of handrail. (A protocol where the server speaks first,
 * such as SSH or SMTP, never sends the client bytes this waits for.)
 */
export declare function tunnelProtocol(chunk: Buffer): 'tls' | 'http' | undefined;
/** A short plain-text HTTP response that ends the connection (refusals and errors). */
export declare function plainResponse(status: number, message: string, extra?: Record<string, string>): Buffer;
