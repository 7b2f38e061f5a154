// Address classification: only global unicast is reachable. Every IPv6 form that carries an IPv4 address
// (mapped, compatible, translated, NAT64, 6to4, Teredo) is decoded and the IPv4 address judged instead.
import ipaddr from 'ipaddr.js';
/** Cloud metadata and host-agent endpoints (AWS, GCP, Azure, Alibaba, Oracle, ECS). */
const METADATA = new Set([
    '169.254.169.254',
    '169.254.170.2',
    '169.254.169.253',
    '168.63.129.16',
    '100.100.100.200',
    '192.0.0.192',
    'fd00:ec2::254',
    'fd00:ec2::23',
]);
const V4_CATEGORY = {
    unicast: 'public',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    multicast: 'multicast',
    linkLocal: 'link_local',
    loopback: 'loopback',
    carrierGradeNat: 'cgnat',
    private: 'private',
};
const V6_CATEGORY = {
    unspecified: 'unspecified',
    linkLocal: 'link_local',
    multicast: 'multicast',
    loopback: 'loopback',
    uniqueLocal: 'unique_local',
    deprecatedSiteLocal: 'private',
};
/** Words for messages: "127.0.0.1 is a loopback address". */
export const CATEGORY_WORDS = {
    public: 'a public address',
    loopback: 'a loopback address',
    private: 'a private-network address',
    link_local: 'a link-local address',
    cloud_metadata: 'a cloud metadata address',
    multicast: 'a multicast address',
    unspecified: 'an unspecified address (0.0.0.0 / ::)',
    cgnat: 'a carrier-grade NAT (shared) address',
    unique_local: 'an IPv6 unique-local (private) address',
    broadcast: 'a broadcast address',
    reserved: 'a reserved or special-purpose address',
};
export function isIpLiteral(text) {
    return ipaddr.isValid(stripBrackets(text));
}
/** Classify an IP address; a string that is not one throws. */
export function classifyAddress(text) {
    const parsed = ipaddr.parse(dottedTailToHex(stripBrackets(text).replace(/%.*$/, '')));
    if (parsed.kind() === 'ipv4')
        return classifyV4(parsed);
    return classifyV6(parsed);
}
function classifyV4(ip) {
    const address = ip.toString();
    if (METADATA.has(address))
        return { address, family: 4, category: 'cloud_metadata' };
    return { address, family: 4, category: V4_CATEGORY[ip.range()] ?? 'reserved' };
}
function classifyV6(ip) {
    const address = ip.toString();
    if (METADATA.has(address))
        return { address, family: 6, category: 'cloud_metadata' };
    const parts = ip.parts;
    const range = ip.range();
    const v4 = (hi, lo) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
    const carried = (embedded, via) => {
        const inner = classifyV4(embedded);
        return { address, family: 6, category: inner.category, embedded: { address: inner.address, via } };
    };
    switch (range) {
        case 'ipv4Mapped':
            return carried(ip.toIPv4Address(), 'IPv4-mapped');
        case 'rfc6145':
            return carried(v4(parts[6], parts[7]), 'IPv4-translated');
        case '6to4':
            return carried(v4(parts[1], parts[2]), '6to4');
        case 'rfc6052': {
            // 64:ff9b::/96 is the well-known NAT64 prefix; 64:ff9b:1::/48 is local-use, never global.
            const decoded = carried(v4(parts[6], parts[7]), 'NAT64');
            if (parts[2] === 1 && decoded.category === 'public')
                decoded.category = 'reserved';
            return decoded;
        }
        case 'teredo': {
            // Server at bits 32-63, client (obfuscated with XOR) at bits 96-127: both must be public.
            const server = carried(v4(parts[2], parts[3]), 'Teredo server');
            if (server.category !== 'public')
                return server;
            return carried(v4(parts[6] ^ 0xffff, parts[7] ^ 0xffff), 'Teredo client');
        }
    }
    const mapped = V6_CATEGORY[range];
    if (mapped)
        return { address, family: 6, category: mapped };
    // IPv4-compatible (deprecated ::a.b.c.d): the first 96 bits are zero.
    if (parts.slice(0, 6).every((p) => p === 0))
        return carried(v4(parts[6], parts[7]), 'IPv4-compatible');
    // Only global unicast (2000::/3) outside the special blocks above counts as public.
    if (range === 'unicast' && (parts[0] & 0xe000) === 0x2000)
        return { address, family: 6, category: 'public' };
    return { address, family: 6, category: 'reserved' };
}
/** Parse an allowAddresses entry, or return the problem in words. */
export function parseAddressRule(entry) {
    const source = entry.trim();
    let body = source;
    let port;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(source);
    if (bracketed) {
        body = bracketed[1];
        port = bracketed[2];
    }
    else if ((source.match(/:/g) ?? []).length === 1) {
        const at = source.lastIndexOf(':');
        body = source.slice(0, at);
        port = source.slice(at + 1);
    }
    if (/^localhost$/i.test(body))
        return 'use an address, not a name (127.0.0.1 or ::1 for localhost)';
    const [addr, len, extra] = body.split('/');
    if (extra !== undefined || !addr || !ipaddr.isValid(addr)) {
        return 'expected an IP address or CIDR block, optionally with a port (127.0.0.1:3000, [::1]:3000, 10.0.0.0/8)';
    }
    const network = ipaddr.parse(addr);
    const max = network.kind() === 'ipv4' ? 32 : 128;
    const prefix = len === undefined ? max : Number(len);
    if (!/^\d+$/.test(len ?? '0') || prefix > max)
        return `the prefix length must be 0-${max}`;
    const rule = { source, network, prefix, exact: prefix === max };
    if (port !== undefined) {
        const n = Number(port);
        if (!/^\d+$/.test(port) || n < 1 || n > 65535)
            return 'the port must be 1-65535';
        rule.port = n;
    }
    return rule;
}
/**
 * Whether a rule lets the policy reach `info` on `port`. Only the IPv4-mapped form counts as its IPv4
 * address (the same socket); 6to4, NAT64, Teredo and compatible forms go through a gateway to another host.
 */
export function ruleAllows(rule, info, port) {
    if (rule.port !== undefined && rule.port !== port)
        return false;
    if (info.category === 'cloud_metadata' && !rule.exact)
        return false;
    const mapped = info.embedded?.via === 'IPv4-mapped' ? info.embedded.address : undefined;
    const candidates = [info.address, mapped].filter((a) => a !== undefined);
    return candidates.some((candidate) => {
        const ip = ipaddr.parse(candidate);
        if (ip.kind() !== rule.network.kind())
            return false;
        return ip.match(rule.network, rule.prefix);
    });
}
/** ipaddr.js reads `::1.2.3.4` as IPv4-mapped; spell a dotted tail in hex so `::` stays what it says. */
function dottedTailToHex(text) {
    const tail = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
    if (!tail)
        return text;
    const [a, b, c, d] = tail.slice(2).map(Number);
    if ([a, b, c, d].some((n) => n > 255))
        return text;
    return `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}
function stripBrackets(text) {
    return text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
}
//# sourceMappingURL=address.js.map