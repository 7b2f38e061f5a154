import { type AddressRule } from './address.js';
import { type HostPattern } from './host-pattern.js';
import type { Connector, NetworkConfig, NetworkMode, Resolver } from './types.js';
export declare const NETWORK_DEFAULTS: {
    mode: NetworkMode;
    maxBytes: number;
    timeoutMs: number;
    idleTimeoutMs: number;
    maxRedirects: number;
    maxHeaderBytes: number;
    userAgent: string;
};
/** A checked network configuration. */
export interface NetworkSettings {
    mode: NetworkMode;
    allow: HostPattern[];
    deny: HostPattern[];
    allowAddresses: AddressRule[];
    maxBytes: number;
    timeoutMs: number;
    idleTimeoutMs: number;
    maxRedirects: number;
    maxHeaderBytes: number;
    userAgent: string;
    /** Shell commands reach the network through handrail's proxy, under this same policy. */
    commands: boolean;
    resolver: Resolver;
    connector?: Connector;
}
export declare class NetworkConfigError extends Error {
    readonly problems: string[];
    constructor(problems: string[]);
}
/** Check `network` options and fill in defaults; throws NetworkConfigError listing every problem. */
export declare function resolveNetworkConfig(input: NetworkConfig | undefined): NetworkSettings;
