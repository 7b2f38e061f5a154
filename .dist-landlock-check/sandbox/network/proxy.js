// The command proxy: how sandboxed commands reach the network when `network.commands` is on. A command has
// no network of its own (its sandbox has a fresh network namespace); it reaches this HTTP proxy through a
// unix socket bound into the sandbox (see bridge.ts). Every request goes through the web tools' network
// policy — mode, deny and allow lists, DNS resolved here once and every answer checked, the connection made
// to the checked address — and is reported: host, port, method, allowed or refused and why, bytes each way.
// CONNECT tunnels carry TLS (or HTTP) untouched; plain http:// requests are forwarded one per connection.
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import { openSocket } from './dispatcher.js';
import { BadProxyRequest, forwardedHead, parseProxyRequest, plainResponse, readHead, tunnelProtocol, } from './proxy-request.js';
import { NetworkRefusal } from './types.js';
export const PROXY_DEFAULTS = {
    /** Connections open at once through one proxy (every command of a runtime together). */
    maxConnections: 64,
    /** A connection with no byte in either direction for this long is closed. */
    idleTimeoutMs: 60_000,
    /** The longest wait for a complete request head. */
    headTimeoutMs: 10_000,
    /** Requests reported one by one per command; past this, only counted (a final record says how many). */
    maxRecords: 1000,
};
const CONNECTED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n', 'latin1');
const URL_SHOWN = 500;
/** One proxy per runtime: the policy, the connection cap shared by every command, and their listeners. */
export class CommandProxy {
    policy;
    limits;
    listeners = new Set();
    opener;
    active = 0;
    closed = false;
    constructor(policy, options = {}) {
        this.policy = policy;
        this.limits = { ...PROXY_DEFAULTS, ...definedOnly(options) };
    }
    /** Connections open now, across every listener. */
    get connections() {
        return this.active;
    }
    /**
     * Listen on a unix socket for one command. `report` receives every request (at most `maxRecords`, then one
     * `omitted` record when the listener closes). The socket is made connectable by any user: it lives in the
     * command's private run directory (0700), which is what keeps other users out.
     */
    async listen(socketPath, report) {
        if (this.closed)
            throw new Error('The command network proxy is closed.');
        // Load the socket opener (undici) while the command starts, not on its first request.
        void this.socketOpener().catch(() => undefined);
        let reported = 0;
        let omitted = 0;
        let refusedOmitted = 0;
        const state = {
            server: createServer({ allowHalfOpen: true, pauseOnConnect: true }),
            sockets: new Set(),
            inflight: new Set(),
            closed: false,
            report: (record) => {
                if (reported < this.limits.maxRecords) {
                    reported++;
                    safely(() => report(record));
                }
                else {
                    omitted++;
                    if (!record.allowed)
                        refusedOmitted++;
                }
            },
        };
        state.server.on('connection', (client) => {
            if (state.closed) {
                client.destroy();
                return;
            }
            const served = this.serve(client, state).catch(() => undefined);
            state.inflight.add(served);
            void served.finally(() => state.inflight.delete(served));
        });
        await new Promise((resolve, reject) => {
            state.server.once('error', reject);
            state.server.listen(socketPath, () => {
                state.server.off('error', reject);
                resolve();
            });
        });
        state.server.on('error', () => undefined);
        await fs.chmod(socketPath, 0o666);
        this.listeners.add(state);
        let closing;
        return {
            socket: socketPath,
            close: () => {
                closing ??= (async () => {
                    await this.closeListener(state);
                    if (omitted > 0)
                        safely(() => report({ kind: 'omitted', omitted, refused: refusedOmitted }));
                })();
                return closing;
            },
        };
    }
    /** Close every listener and cut every connection (runtime close). */
    async close() {
        this.closed = true;
        await Promise.allSettled([...this.listeners].map((state) => this.closeListener(state)));
    }
    async closeListener(state) {
        if (state.closed)
            return;
        state.closed = true;
        this.listeners.delete(state);
        const stopped = new Promise((resolve) => state.server.close(() => resolve()));
        for (const socket of state.sockets)
            socket.destroy();
        await Promise.allSettled([stopped, ...state.inflight]);
    }
    /** One client connection: read, check, connect, relay, report. Never throws. */
    async serve(client, state) {
        const started = performance.now();
        const record = {
            kind: 'request',
            host: '',
            port: 0,
            method: '',
            allowed: false,
            bytesUp: 0,
            bytesDown: 0,
            durationMs: 0,
        };
        const finish = (extra = {}) => {
            Object.assign(record, extra);
            record.durationMs = Math.round(performance.now() - started);
            state.report(record);
        };
        const answer = (status, reason, message) => {
            closeWith(client, plainResponse(status, message, { 'X-Handrail-Refused': reason }));
            finish({ reason, message });
        };
        client.on('error', () => undefined);
        state.sockets.add(client);
        client.once('close', () => state.sockets.delete(client));
        if (this.active >= this.limits.maxConnections) {
            answer(503, 'capacity', `Refused: the limit of ${plural(this.limits.maxConnections, 'open connection')} through handrail's proxy is reached.`);
            return;
        }
        this.active++;
        client.once('close', () => this.active--);
        let request;
        try {
            const { head, rest } = await readHead(client, {
                maxBytes: this.policy.settings.maxHeaderBytes,
                timeoutMs: this.limits.headTimeoutMs,
            });
            request = parseProxyRequest(head);
            if (rest.length > 0)
                client.unshift(rest);
        }
        catch (error) {
            const bad = error instanceof BadProxyRequest ? error : new BadProxyRequest(400, String(error));
            answer(bad.status, 'bad_request', bad.message);
            return;
        }
        record.method = request.method;
        if (request.kind === 'connect') {
            record.host = request.host.toLowerCase();
            record.port = request.port;
        }
        let target;
        try {
            target = await this.policy.check(request.url, {
                signal: AbortSignal.timeout(this.policy.settings.timeoutMs),
            });
        }
        catch (error) {
            if (error instanceof NetworkRefusal) {
                if (request.kind === 'forward')
                    describeUrl(record, request.url);
                const status = error.reason === 'resolve_failed' ? 502 : 403;
                answer(status, error.reason, error.message);
            }
            else
                answer(504, 'resolve_failed', `Could not resolve the host in time: ${error.message}`);
            return;
        }
        record.host = target.host;
        record.port = target.port;
        record.address = target.pinned.address;
        record.allowed = true;
        if (request.kind === 'forward')
            record.url = clip(target.href);
        let upstream;
        try {
            upstream = await this.dial(target);
        }
        catch (error) {
            const message = `Could not connect to ${target.host}:${target.port} (${target.pinned.address}): ${error.message}`;
            closeWith(client, plainResponse(502, message));
            finish({ error: message, message });
            return;
        }
        if (state.closed)
            upstream.destroy();
        state.sockets.add(upstream);
        upstream.once('close', () => state.sockets.delete(upstream));
        if (request.kind === 'connect') {
            client.write(CONNECTED);
            const first = await firstChunk(client, this.limits.idleTimeoutMs);
            const protocol = first ? tunnelProtocol(first) : undefined;
            if (!first || !protocol) {
                upstream.destroy();
                client.destroy();
                if (!first)
                    finish({ error: 'The client sent nothing through the tunnel.' });
                else
                    finish({
                        allowed: false,
                        reason: 'not_http',
                        message: 'Refused: the tunnel did not start with TLS or HTTP; only http(s) goes through.',
                    });
                return;
            }
            record.protocol = protocol;
            client.unshift(first);
        }
        else {
            const head = forwardedHead(request, target.url);
            record.bytesUp += head.length;
            upstream.write(head);
        }
        const ended = await relay(client, upstream, record, {
            idleTimeoutMs: this.limits.idleTimeoutMs,
            readStatus: request.kind === 'forward',
            closed: () => state.closed,
        });
        finish(ended ? { error: ended } : {});
    }
    socketOpener() {
        this.opener ??= openSocket(Math.min(this.policy.settings.idleTimeoutMs, 10_000));
        return this.opener;
    }
    /** Open a TCP connection to the checked address (through `network.connector` when one is configured). */
    async dial(target) {
        const settings = this.policy.settings;
        const open = await this.socketOpener();
        // Raw TCP even for a TLS tunnel: the client's TLS runs inside it, end to end.
        const dial = {
            hostname: target.host,
            address: target.pinned.address,
            family: target.pinned.family,
            port: target.port,
            protocol: 'http:',
        };
        return new Promise((resolve, reject) => {
            const callback = (error, socket) => {
                if (error || !socket)
                    reject(error ?? new Error('no socket'));
                else
                    resolve(socket);
            };
            if (settings.connector)
                settings.connector({ ...dial }, callback, open);
            else
                open(dial, callback);
        });
    }
}
/**
 * Copy bytes both ways until both sides are done, counting them, with an idle timeout. Resolves with why it
 * was cut short, or undefined when both sides ended normally.
 */
function relay(client, upstream, record, opts) {
    return new Promise((resolve) => {
        let problem;
        let open = 2;
        let idle;
        const touch = () => {
            clearTimeout(idle);
            idle = setTimeout(() => stop(`No data either way for ${opts.idleTimeoutMs} ms (the idle timeout).`), opts.idleTimeoutMs);
        };
        const stop = (why) => {
            problem ??= why;
            client.destroy();
            upstream.destroy();
        };
        const closed = () => {
            if (--open > 0)
                return;
            clearTimeout(idle);
            if (opts.closed())
                problem ??= 'Closed when the command ended.';
            resolve(problem);
        };
        let statusRead = !opts.readStatus;
        const pump = (from, to, count) => {
            from.on('data', (chunk) => {
                count(chunk.length);
                touch();
                if (!to.write(chunk))
                    from.pause();
            });
            to.on('drain', () => from.resume());
            from.once('end', () => to.end());
        };
        pump(client, upstream, (n) => {
            record.bytesUp += n;
        });
        upstream.on('data', (chunk) => {
            if (statusRead)
                return;
            statusRead = true;
            const status = /^HTTP\/1\.[01] (\d{3})/.exec(chunk.subarray(0, 16).toString('latin1'));
            if (status)
                record.status = Number(status[1]);
        });
        pump(upstream, client, (n) => {
            record.bytesDown += n;
        });
        client.once('error', (error) => stop(`The command's side failed: ${error.message}`));
        upstream.once('error', (error) => stop(`The server's side failed: ${error.message}`));
        client.once('close', closed);
        upstream.once('close', closed);
        touch();
        client.resume();
        upstream.resume();
    });
}
/** Answer and close: the client is not read any further, so it cannot hold the connection open. */
function closeWith(client, response) {
    client.end(response, () => client.destroy());
}
/** The first data a client sends (a tunnel's first bytes), or undefined if it ends or stays silent. */
function firstChunk(client, timeoutMs) {
    return new Promise((resolve) => {
        const done = (chunk) => {
            clearTimeout(timer);
            client.off('data', onData);
            client.off('end', onEnd);
            client.off('close', onEnd);
            client.pause();
            resolve(chunk);
        };
        const onData = (chunk) => done(chunk);
        const onEnd = () => done(undefined);
        const timer = setTimeout(onEnd, timeoutMs);
        client.on('data', onData);
        client.once('end', onEnd);
        client.once('close', onEnd);
        client.resume();
    });
}
function describeUrl(record, raw) {
    record.url = clip(raw);
    try {
        const url = new URL(raw);
        record.host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
        record.port = url.port ? Number(url.port) : 80;
    }
    catch {
        // the refusal says what was wrong with it
    }
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}
function clip(text) {
    return text.length > URL_SHOWN ? `${text.slice(0, URL_SHOWN - 1)}…` : text;
}
function safely(fn) {
    try {
        fn();
    }
    catch {
        // a reporting sink must never break a connection
    }
}
function definedOnly(options) {
    return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}
//# sourceMappingURL=proxy.js.map