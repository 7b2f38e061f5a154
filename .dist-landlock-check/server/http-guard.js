// Who may talk to the HTTP endpoint. A loopback bind is reachable only from this machine, but a web page can
// still aim a browser at it (DNS rebinding), so Host and Origin must be loopback too. Any other bind needs a
// bearer token, compared in constant time on every request.
import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
export function isLoopbackHost(host) {
    const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
    if (bare === 'localhost' || bare.endsWith('.localhost'))
        return true;
    if (!ipaddr.isValid(bare))
        return false;
    const address = ipaddr.parse(bare);
    const plain = address.kind() === 'ipv6' && address.isIPv4MappedAddress()
        ? address.toIPv4Address()
        : address;
    return plain.range() === 'loopback';
}
/** sha256 first, so the comparison takes the same time whatever the lengths. */
export function tokenMatches(given, expected) {
    const a = createHash('sha256').update(given).digest();
    const b = createHash('sha256').update(expected).digest();
    return timingSafeEqual(a, b);
}
/** undefined when the request may proceed. */
export function checkRequest(req, opts) {
    if (opts.token !== undefined) {
        const header = req.headers.authorization ?? '';
        const match = /^Bearer\s+(.+)$/i.exec(header);
        if (!match || !tokenMatches(match[1].trim(), opts.token)) {
            return {
                status: 401,
                message: header
                    ? 'Invalid bearer token.'
                    : 'Missing bearer token: send "Authorization: Bearer <token>".',
                headers: { 'WWW-Authenticate': 'Bearer realm="handrail"' },
            };
        }
    }
    if (opts.loopback) {
        const host = hostnameOf(req.headers.host);
        if (host === undefined || !isLoopbackHost(host)) {
            return {
                status: 403,
                message: `Host ${JSON.stringify(req.headers.host ?? '')} is not a loopback name.`,
            };
        }
        const origin = req.headers.origin;
        if (origin !== undefined && origin !== 'null') {
            let originHost;
            try {
                originHost = new URL(origin).hostname;
            }
            catch {
                originHost = undefined;
            }
            if (originHost === undefined || !isLoopbackHost(originHost)) {
                return { status: 403, message: `Origin ${JSON.stringify(origin)} may not use this server.` };
            }
        }
        else if (origin === 'null') {
            return { status: 403, message: 'Opaque origins may not use this server.' };
        }
    }
    return undefined;
}
function hostnameOf(header) {
    if (!header)
        return undefined;
    try {
        return new URL(`http://${header}`).hostname;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=http-guard.js.map