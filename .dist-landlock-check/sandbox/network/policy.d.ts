import { type AddressInfo } from './address.js';
import type { NetworkSettings } from './config.js';
import { type ResolvedAddress } from './types.js';
import { type Target } from './url-check.js';
/** A target whose host passed the policy, with the addresses it resolved to and the one to connect to. */
export interface CheckedTarget extends Target {
    addresses: AddressInfo[];
    pinned: ResolvedAddress;
}
export interface PolicyOptions {
    /**
     * A host the operator configured (a search endpoint): exempt from mode and allow/deny, and its own
     * answers may be private. Format `host:port`, as Target gives them.
     */
    trustedHost?: string;
}
export declare class NetworkPolicy {
    readonly settings: NetworkSettings;
    private readonly trustedHost;
    constructor(settings: NetworkSettings, options?: PolicyOptions);
    /**
     * The syntactic and host-name part of the check (no I/O). Throws NetworkRefusal. `approved` lists
     * `host:port` pairs a human let this call reach although restricted mode's allowlist does not name them;
     * the deny list and the address checks still apply to them.
     */
    checkUrl(raw: string, base?: URL, approved?: readonly string[]): Target;
    /** The whole check: URL, host, then every resolved address. */
    check(raw: string, opts?: {
        base?: URL;
        signal?: AbortSignal;
        approved?: readonly string[];
    }): Promise<CheckedTarget>;
    /** Resolve once and refuse when any answer is not public (unless allowAddresses opens it). */
    resolve(target: Target, signal?: AbortSignal): Promise<CheckedTarget>;
    /** Whether the policy lets a request reach this address on this port. */
    addressAllowed(info: AddressInfo, port: number): boolean;
    private isTrusted;
    private lookup;
    private refusalMessage;
}
declare function hostPort(target: Target): string;
export { hostPort };
