import { type OpenResponse } from './body.js';
import type { NetworkPolicy } from './policy.js';
export type { OpenResponse, Redirect } from './body.js';
export interface RequestOptions {
    headers?: Record<string, string>;
    /** Header names dropped (with Authorization, Cookie, Proxy-Authorization) when a redirect changes origin. */
    sensitiveHeaders?: string[];
    /** Body cap after decompression (default and ceiling: the policy's maxBytes). */
    maxBytes?: number;
    /** At the cap: stop and mark the body truncated, or fail. */
    overflow?: 'truncate' | 'error';
    signal?: AbortSignal;
    /** 'same-origin': a redirect may not leave the first URL's origin (search endpoints). */
    redirects?: 'follow' | 'same-origin';
    /** `host:port` pairs a human approved for this call outside restricted mode's allowlist (redirects too). */
    approved?: readonly string[];
}
/** The network capability: a policy and the agents it has open (closed with the runtime). */
export declare class NetworkClient {
    readonly policy: NetworkPolicy;
    private readonly agents;
    constructor(policy: NetworkPolicy);
    /** Check, connect and read the headers; the body is left to stream. Throws NetworkRefusal / NetworkFailure. */
    open(url: string, opts?: RequestOptions): Promise<OpenResponse>;
    /** Read a whole body (up to the cap) into memory. */
    fetch(url: string, opts?: RequestOptions): Promise<Omit<OpenResponse, 'body'> & {
        data: Buffer;
    }>;
    /** Destroy every connection still open (runtime close). */
    close(): Promise<void>;
}
