import type { IncomingMessage } from 'node:http';
export declare function isLoopbackHost(host: string): boolean;
/** sha256 first, so the comparison takes the same time whatever the lengths. */
export declare function tokenMatches(given: string, expected: string): boolean;
export type GuardFailure = {
    status: 401 | 403;
    message: string;
    headers?: Record<string, string>;
};
/** undefined when the request may proceed. */
export declare function checkRequest(req: IncomingMessage, opts: {
    token?: string | undefined;
    loopback: boolean;
}): GuardFailure | undefined;
