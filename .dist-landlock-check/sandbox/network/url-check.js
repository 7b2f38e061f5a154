// The URL half of the check: WHATWG parsing (which already turns decimal, hex and octal IPv4 spellings
// into dotted quads), http(s) only, no userinfo, a normalized host.
import { isIpLiteral } from './address.js';
import { normalizeHostname } from './host-pattern.js';
import { NetworkRefusal } from './types.js';
const MAX_URL_LENGTH = 8192;
export function parseTarget(raw, base) {
    const text = String(raw).trim();
    if (text.length > MAX_URL_LENGTH) {
        throw new NetworkRefusal('invalid_url', text.slice(0, 80), `The URL is over ${MAX_URL_LENGTH} characters.`);
    }
    let url;
    try {
        url = base ? new URL(text, base) : new URL(text);
    }
    catch {
        throw new NetworkRefusal('invalid_url', text, `"${clip(text)}" is not a valid absolute URL (https://host/path).`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new NetworkRefusal('scheme', clip(text), `Refused: only http and https URLs can be fetched (got ${url.protocol}).`);
    }
    if (url.username !== '' || url.password !== '') {
        const shown = `${url.protocol}//${url.host}`;
        throw new NetworkRefusal('userinfo', shown, `Refused: URLs with credentials before "@" are not fetched; this one would go to ${url.hostname}, not to the part before "@". Use ${shown}${url.pathname} if that host is what you meant.`);
    }
    const bracketed = url.hostname.startsWith('[');
    const host = bracketed ? url.hostname.slice(1, -1).toLowerCase() : normalizeHostname(url.hostname);
    if (!host)
        throw new NetworkRefusal('invalid_url', clip(text), `"${clip(text)}" has no valid host name.`);
    if (!bracketed && url.hostname !== host)
        url.hostname = host;
    url.hash = '';
    const protocol = url.protocol;
    return {
        url,
        href: url.href,
        origin: url.origin,
        host,
        port: url.port ? Number(url.port) : protocol === 'https:' ? 443 : 80,
        protocol,
        isIp: bracketed || isIpLiteral(host),
    };
}
/** A URL for display and permission scopes: parsed and normalized when possible, never with credentials. */
export function displayUrl(raw) {
    try {
        const url = new URL(String(raw).trim());
        url.username = '';
        url.password = '';
        url.hash = '';
        const host = url.hostname.startsWith('[')
            ? url.hostname
            : normalizeHostname(url.hostname) || url.hostname;
        if (!url.hostname.startsWith('[') && host && url.hostname !== host)
            url.hostname = host;
        return { url: url.href, origin: url.origin, host };
    }
    catch {
        return { url: clip(String(raw)), origin: '', host: '' };
    }
}
function clip(text) {
    return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
//# sourceMappingURL=url-check.js.map