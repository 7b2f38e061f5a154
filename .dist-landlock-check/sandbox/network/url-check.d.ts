/** A URL that passed the syntactic checks. */
export interface Target {
    url: URL;
    /** The URL without fragment (and never with credentials): what is requested and shown. */
    href: string;
    origin: string;
    /** Lowercase ASCII host, no trailing dot, IPv6 without brackets. */
    host: string;
    /** Explicit port or the scheme's default. */
    port: number;
    protocol: 'http:' | 'https:';
    /** The host is an IP literal (no DNS). */
    isIp: boolean;
}
export declare function parseTarget(raw: string, base?: URL): Target;
/** A URL for display and permission scopes: parsed and normalized when possible, never with credentials. */
export declare function displayUrl(raw: unknown): {
    url: string;
    origin: string;
    host: string;
};
