import { type Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { CheckedTarget } from './policy.js';
export interface Redirect {
    status: number;
    from: string;
    to: string;
}
export interface OpenResponse {
    /** The final URL after redirects. */
    url: string;
    target: CheckedTarget;
    status: number;
    /** Lowercase names; repeated headers joined with ", ". */
    headers: Record<string, string>;
    redirects: Redirect[];
    /** The body, decompressed, ending at the cap. Iterate once. */
    body: AsyncGenerator<Buffer>;
    /** Bytes delivered so far, and whether the body went past the cap. */
    readonly bytes: number;
    readonly truncated: boolean;
    /** Release the connection (safe to call twice). */
    close(): void;
}
export declare function streamed(target: CheckedTarget, response: Dispatcher.ResponseData, headers: Record<string, string>, redirects: Redirect[], opts: {
    maxBytes: number;
    overflow: 'truncate' | 'error';
    release: () => void;
    fail: (e: unknown) => Error;
}): OpenResponse;
/** Destroy a stream we no longer read; undici reports that as an error, which nobody needs to hear. */
export declare function discard(stream: Readable): void;
