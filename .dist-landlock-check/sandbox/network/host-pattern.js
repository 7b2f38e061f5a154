// Host patterns for allow/deny: an exact host, or `*.` + a suffix matched on a label boundary, with an
// optional port. `*.example.com` matches `a.example.com` and `a.b.example.com`, never `example.com` itself,
// `evilexample.com` or `example.com.evil.test`.
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';
/** Parse a pattern, or return the problem in words. */
export function parseHostPattern(entry) {
    const source = entry.trim();
    if (source === '')
        return 'an empty pattern matches nothing';
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) || source.includes('/')) {
        return 'a pattern is a host with an optional port, not a URL (write "example.com" or "*.example.com:8443")';
    }
    if (source.includes('@'))
        return 'a pattern cannot contain "@"';
    let host = source;
    let port;
    const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(source);
    if (bracketed) {
        host = bracketed[1];
        port = bracketed[2];
    }
    else if ((source.match(/:/g) ?? []).length === 1) {
        [host, port] = source.split(':');
    }
    else if (source.includes(':')) {
        return 'write IPv6 addresses in brackets: [2001:db8::1]:443';
    }
    const pattern = { source };
    if (port !== undefined) {
        const n = Number(port);
        if (!/^\d+$/.test(port) || n < 1 || n > 65535)
            return 'the port must be 1-65535';
        pattern.port = n;
    }
    let wildcard = false;
    if (host.startsWith('*.')) {
        wildcard = true;
        host = host.slice(2);
    }
    if (host.includes('*'))
        return '"*" is allowed only as the whole first label ("*.example.com")';
    if (bracketed) {
        if (wildcard || !ipaddr.IPv6.isValid(host))
            return 'brackets hold an IPv6 address';
        // The URL parser writes IPv6 in its compressed form; so must the pattern, or it never matches.
        pattern.host = ipaddr.IPv6.parse(host).toString();
    }
    else {
        const ascii = normalizeHostname(host);
        if (!ascii)
            return 'not a valid host name';
        pattern.host = ascii;
    }
    pattern.wildcard = wildcard;
    return pattern;
}
/** Lowercase, one trailing dot stripped, IDNA to ASCII; '' when the name is not valid. */
export function normalizeHostname(host) {
    let name = host.toLowerCase();
    if (name.endsWith('.'))
        name = name.slice(0, -1);
    if (name === '' || name.endsWith('.') || name.startsWith('.'))
        return '';
    const ascii = domainToASCII(name);
    return ascii.endsWith('.') ? '' : ascii;
}
/** Whether a normalized host and effective port match a pattern. */
export function matchHost(pattern, host, port) {
    if (pattern.port !== undefined && pattern.port !== port)
        return false;
    if (!pattern.wildcard)
        return host === pattern.host || mappedIPv4(host) === pattern.host;
    return host.length > pattern.host.length && host.endsWith(`.${pattern.host}`);
}
/** `::ffff:a.b.c.d` is the same socket address as `a.b.c.d`: an IPv4 entry covers that spelling too. */
function mappedIPv4(host) {
    if (!host.includes(':') || !ipaddr.IPv6.isValid(host))
        return undefined;
    const ip = ipaddr.IPv6.parse(host);
    return ip.isIPv4MappedAddress() ? ip.toIPv4Address().toString() : undefined;
}
//# sourceMappingURL=host-pattern.js.map