import ipaddr from 'ipaddr.js';
export type AddressCategory = 'public' | 'loopback' | 'private' | 'link_local' | 'cloud_metadata' | 'multicast' | 'unspecified' | 'cgnat' | 'unique_local' | 'broadcast' | 'reserved';
export interface AddressInfo {
    /** The address in canonical form (IPv6 compressed, no zone). */
    address: string;
    family: 4 | 6;
    category: AddressCategory;
    /** The IPv4 address an IPv6 form carries, and the form's name. */
    embedded?: {
        address: string;
        via: string;
    };
}
/** Words for messages: "127.0.0.1 is a loopback address". */
export declare const CATEGORY_WORDS: Record<AddressCategory, string>;
export declare function isIpLiteral(text: string): boolean;
/** Classify an IP address; a string that is not one throws. */
export declare function classifyAddress(text: string): AddressInfo;
/** One `allowAddresses` entry: an address or CIDR block, optionally limited to one port. */
export interface AddressRule {
    source: string;
    network: ipaddr.IPv4 | ipaddr.IPv6;
    prefix: number;
    /** A single address (not a range): only such entries can open cloud metadata addresses. */
    exact: boolean;
    port?: number;
}
/** Parse an allowAddresses entry, or return the problem in words. */
export declare function parseAddressRule(entry: string): AddressRule | string;
/**
 * Whether a rule lets the policy reach `info` on `port`. Only the IPv4-mapped form counts as its IPv4
 * address (the same socket); 6to4, NAT64, Teredo and compatible forms go through a gateway to another host.
 */
export declare function ruleAllows(rule: AddressRule, info: AddressInfo, port: number): boolean;
