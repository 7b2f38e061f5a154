export interface HostPattern {
    source: string;
    /** Lowercase ASCII host (IPv6 without brackets). */
    host: string;
    wildcard: boolean;
    port?: number;
}
/** Parse a pattern, or return the problem in words. */
export declare function parseHostPattern(entry: string): HostPattern | string;
/** Lowercase, one trailing dot stripped, IDNA to ASCII; '' when the name is not valid. */
export declare function normalizeHostname(host: string): string;
/** Whether a normalized host and effective port match a pattern. */
export declare function matchHost(pattern: HostPattern, host: string, port: number): boolean;
