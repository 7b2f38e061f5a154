import type { Duplex } from 'node:stream';
import type { Agent } from 'undici';
import type { NetworkSettings } from './config.js';
import type { CheckedTarget } from './policy.js';
import type { DialTarget } from './types.js';
type Callback = (error: Error | null, socket: Duplex | null) => void;
/** undici, loaded on the first request rather than at start: most runs (and every `--help`) never fetch. */
export declare function undici(): Promise<typeof import('undici')>;
/** The real socket opener: TCP (or TLS with SNI and certificate checks against the host name) to the address. */
export declare function openSocket(connectTimeoutMs: number): Promise<(target: DialTarget, callback: Callback) => void>;
/** A single-use agent whose only reachable endpoint is `target.pinned` on `target.port`. */
export declare function pinnedAgent(target: CheckedTarget, settings: NetworkSettings): Promise<Agent>;
export {};
