// An undici dispatcher bound to one checked target: its connector refuses any other host and dials the
// checked address itself, so a second DNS answer (rebinding) can never be used. One agent per hop keeps
// the pin obvious; it is destroyed when the response is done.
import { isIP } from 'node:net';
let loading;
/** undici, loaded on the first request rather than at start: most runs (and every `--help`) never fetch. */
export function undici() {
    loading ??= import('undici');
    return loading;
}
/** The real socket opener: TCP (or TLS with SNI and certificate checks against the host name) to the address. */
export async function openSocket(connectTimeoutMs) {
    const { buildConnector } = await undici();
    const base = buildConnector({ timeout: connectTimeoutMs });
    return (target, callback) => {
        const name = isIP(target.hostname) ? undefined : target.hostname;
        base({
            hostname: target.address,
            host: target.address,
            protocol: target.protocol,
            port: String(target.port),
            ...(name ? { servername: name } : {}),
        }, callback);
    };
}
/** A single-use agent whose only reachable endpoint is `target.pinned` on `target.port`. */
export async function pinnedAgent(target, settings) {
    const { Agent } = await undici();
    const open = await openSocket(Math.min(settings.idleTimeoutMs, 10_000));
    const dial = {
        hostname: target.host,
        address: target.pinned.address,
        family: target.pinned.family,
        port: target.port,
        protocol: target.protocol,
    };
    const connect = (opts, callback) => {
        const host = String(opts.hostname)
            .replace(/^\[|\]$/g, '')
            .toLowerCase();
        const port = Number(opts.port || (opts.protocol === 'https:' ? 443 : 80));
        if (host !== target.host || port !== target.port || opts.protocol !== target.protocol) {
            callback(new Error(`handrail: this connection is pinned to ${target.origin}, not ${opts.protocol}//${host}:${port}`), null);
            return;
        }
        if (settings.connector)
            settings.connector({ ...dial }, callback, open);
        else
            open(dial, callback);
    };
    return new Agent({
        connect: connect,
        maxHeaderSize: settings.maxHeaderBytes,
        headersTimeout: settings.idleTimeoutMs,
        bodyTimeout: settings.idleTimeoutMs,
        connections: 1,
        pipelining: 1,
    });
}
//# sourceMappingURL=dispatcher.js.map