import { discard, streamed } from './body.js';
import { pinnedAgent, undici } from './dispatcher.js';
import { failure } from './failures.js';
import { NetworkFailure, NetworkRefusal } from './types.js';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
/** The network capability: a policy and the agents it has open (closed with the runtime). */
export class NetworkClient {
    policy;
    agents = new Set();
    constructor(policy) {
        this.policy = policy;
    }
    /** Check, connect and read the headers; the body is left to stream. Throws NetworkRefusal / NetworkFailure. */
    async open(url, opts = {}) {
        const settings = this.policy.settings;
        const maxBytes = Math.min(opts.maxBytes ?? settings.maxBytes, settings.maxBytes);
        const timer = AbortSignal.timeout(settings.timeoutMs);
        const signal = opts.signal ? AbortSignal.any([opts.signal, timer]) : timer;
        const fail = (error) => failure(error, { timer, settings, caller: opts.signal });
        const headers = {
            'user-agent': settings.userAgent,
            'accept-encoding': 'gzip, deflate, br',
            ...lowerKeys(opts.headers ?? {}),
        };
        const sensitive = new Set([
            ...CREDENTIAL_HEADERS,
            ...(opts.sensitiveHeaders ?? []).map((h) => h.toLowerCase()),
        ]);
        const redirects = [];
        let current;
        try {
            current = await this.policy.check(url, {
                signal,
                ...(opts.approved ? { approved: opts.approved } : {}),
            });
        }
        catch (error) {
            throw fail(error);
        }
        const visited = new Set([current.href]);
        for (;;) {
            const agent = await pinnedAgent(current, settings);
            this.agents.add(agent);
            const release = () => {
                if (!this.agents.delete(agent))
                    return;
                agent.destroy().catch(() => undefined);
            };
            let response;
            try {
                const { request } = await undici();
                response = await request(current.href, { dispatcher: agent, method: 'GET', headers, signal });
            }
            catch (error) {
                release();
                throw fail(error);
            }
            const flat = flatten(response.headers);
            const location = flat.location;
            if (!REDIRECTS.has(response.statusCode) || !location) {
                return streamed(current, response, flat, redirects, {
                    maxBytes,
                    overflow: opts.overflow ?? 'truncate',
                    release,
                    fail,
                });
            }
            discard(response.body);
            release();
            const from = current.href;
            if (redirects.length >= settings.maxRedirects) {
                throw new NetworkFailure('transport', `Stopped after ${settings.maxRedirects} redirects (the limit); the last one, from ${from}, pointed to ${clip(location)}.`);
            }
            let next;
            try {
                const target = this.policy.checkUrl(location, current.url, opts.approved);
                if (opts.redirects === 'same-origin' && target.origin !== current.origin) {
                    throw new NetworkRefusal('redirect', target.href, `Refused: the endpoint may only redirect within ${current.origin}.`);
                }
                if (visited.has(target.href)) {
                    throw new NetworkFailure('transport', `Redirect loop: ${from} redirected back to ${target.href}, which was already visited.`);
                }
                next = await this.policy.resolve(target, signal);
            }
            catch (error) {
                if (error instanceof NetworkRefusal) {
                    throw new NetworkRefusal(error.reason, error.url, `${from} redirected (HTTP ${response.statusCode}) to ${clip(location)}. ${error.message}`);
                }
                throw fail(error);
            }
            if (next.origin !== current.origin)
                for (const name of sensitive)
                    delete headers[name];
            redirects.push({ status: response.statusCode, from, to: next.href });
            visited.add(next.href);
            current = next;
        }
    }
    /** Read a whole body (up to the cap) into memory. */
    async fetch(url, opts = {}) {
        const response = await this.open(url, opts);
        const chunks = [];
        try {
            for await (const chunk of response.body)
                chunks.push(chunk);
        }
        finally {
            response.close();
        }
        const { body: _body, ...rest } = response;
        return Object.assign(rest, {
            data: Buffer.concat(chunks),
            bytes: response.bytes,
            truncated: response.truncated,
        });
    }
    /** Destroy every connection still open (runtime close). */
    async close() {
        const open = [...this.agents];
        this.agents.clear();
        await Promise.allSettled(open.map((agent) => agent.destroy()));
    }
}
function flatten(headers) {
    const out = {};
    for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || name === 'set-cookie')
            continue;
        out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return out;
}
function lowerKeys(headers) {
    return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
function clip(text) {
    return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
//# sourceMappingURL=client.js.map