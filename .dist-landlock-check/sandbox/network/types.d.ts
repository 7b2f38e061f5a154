import type { Duplex } from 'node:stream';
export type NetworkMode = 'disabled' | 'enabled' | 'restricted';
/** One answer from a resolver. */
export interface ResolvedAddress {
    address: string;
    family: 4 | 6;
}
/** Resolve a host name to every A and AAAA answer (default: dns.promises.lookup with `all: true`). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
/** What the dispatcher is about to connect to: always an address the policy checked for this host. */
export interface DialTarget {
    /** The host name from the URL (used for the Host header, TLS SNI and certificate checks). */
    hostname: string;
    /** The checked address the socket must go to. */
    address: string;
    family: 4 | 6;
    port: number;
    protocol: 'http:' | 'https:';
}
/**
 * Opens the socket for a dial target. The default opens a real TCP/TLS socket to `target.address`; tests
 * inject a recording connector that refuses anything that is not loopback, so no traffic leaves the machine.
 */
export type Connector = (target: DialTarget, callback: (error: Error | null, socket: Duplex | null) => void, open: (target: DialTarget, callback: (error: Error | null, socket: Duplex | null) => void) => void) => void;
/** `createRuntime({ network })`: what the model may reach. Private addresses are refused in every mode. */
export interface NetworkConfig {
    /** 'disabled': no web tools; 'enabled' (default): any public host; 'restricted': only `allow` patterns. */
    mode?: NetworkMode;
    /** Host patterns (`example.com`, `*.example.com`, optional `:port`) that restricted mode may reach. */
    allow?: string[];
    /** Host patterns refused in every mode (checked before `allow`). */
    deny?: string[];
    /** Loopback/private addresses or CIDR ranges reachable on purpose, optionally with a port: `127.0.0.1:3000`. */
    allowAddresses?: string[];
    /** Body cap after decompression (default 10 MiB); the model's `max_bytes` cannot exceed it. */
    maxBytes?: number;
    /** Total time for one request including redirects (default 30 s). */
    timeoutMs?: number;
    /** Longest wait for headers or between body chunks (default 15 s). */
    idleTimeoutMs?: number;
    /** Redirects followed per request (default 5). */
    maxRedirects?: number;
    /** Largest response header block (default 16 KiB). */
    maxHeaderBytes?: number;
    /** User-Agent sent with every request. */
    userAgent?: string;
    /**
     * Let shell commands reach the network through handrail's proxy, under this same policy (default false:
     * commands have no network). Off under the read_only profile; needs a sandbox that accepts the proxy (bwrap).
     */
    commands?: boolean;
    /** DNS resolution (default: the system resolver). Every answer is still checked. */
    resolver?: Resolver;
    /** Socket opener (default: TCP/TLS to the checked address). For proxies and tests. */
    connector?: Connector;
}
export type RefusalReason = 'invalid_url' | 'scheme' | 'userinfo' | 'disabled' | 'not_allowed' | 'denied' | 'blocked_address' | 'resolve_failed' | 'redirect';
/** A request the policy refused, with a sentence that says why and how to allow it when that is possible. */
export declare class NetworkRefusal extends Error {
    readonly reason: RefusalReason;
    readonly url: string;
    constructor(reason: RefusalReason, url: string, message: string);
}
/** A transport failure: connection, TLS, timeout, header overflow, body cap, bad encoding. */
export declare class NetworkFailure extends Error {
    readonly kind: 'transport' | 'timeout' | 'too_large' | 'cancelled';
    constructor(kind: NetworkFailure['kind'], message: string, cause?: unknown);
}
