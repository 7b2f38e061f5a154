// The command proxy: how sandboxed commands reach the network when `network.commands` is on. A command has
// no network of its own (its sandbox has a fresh network namespace); it reaches this HTTP proxy through a
// unix socket bound into the sandbox (see bridge.ts). Every request goes through the web tools' network
// policy — mode, deny and allow lists, DNS resolved here once and every answer checked, the connection made
// to the checked address — and is reported: host, port, method, allowed or refused and why, bytes each way.
// CONNECT tunnels carry TLS (or HTTP) untouched; plain http:// requests are forwarded one per connection.
import { promises as fs } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { openSocket } from './dispatcher.js';
import type { CheckedTarget, NetworkPolicy } from './policy.js';
import {
  BadProxyRequest,
  type ForwardRequest,
  forwardedHead,
  type ProxyRequest,
  parseProxyRequest,
  plainResponse,
  readHead,
  tunnelProtocol,
} from './proxy-request.js';
import { type DialTarget, NetworkRefusal } from './types.js';

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

export interface CommandProxyOptions {
  maxConnections?: number;
  idleTimeoutMs?: number;
  headTimeoutMs?: number;
  maxRecords?: number;
}

/** One request through the proxy, as the audit log keeps it. */
export interface ProxyRequestRecord {
  kind: 'request';
  /** The host as the client named it (lowercase; empty when the request could not be read). */
  host: string;
  port: number;
  /** CONNECT for a tunnel, the request method for plain http. */
  method: string;
  /** The URL of a plain http request (clipped); a tunnel's URL is inside TLS. */
  url?: string;
  /** Whether the network policy let it through. */
  allowed: boolean;
  /** Why it was refused: a policy reason (`blocked_address`, `not_allowed`, …) or the proxy's own. */
  reason?: string;
  /** The refusal or failure in words (what the command was told, for plain http). */
  message?: string;
  /** The checked address the connection went to. */
  address?: string;
  /** What a tunnel carried: `tls` or `http`. */
  protocol?: 'tls' | 'http';
  /** The response status of a plain http request. */
  status?: number;
  /** How an allowed connection failed or was cut (connect refused, idle timeout, closed with the command). */
  error?: string;
  bytesUp: number;
  bytesDown: number;
  durationMs: number;
}

/** Requests that were only counted because a command made more than `maxRecords`. */
export interface ProxyOmittedRecord {
  kind: 'omitted';
  omitted: number;
  refused: number;
}

export type ProxyRecord = ProxyRequestRecord | ProxyOmittedRecord;

/** A command's own entrance to the proxy: a unix socket, closed (with its connections) when the command ends. */
export interface ProxyListener {
  readonly socket: string;
  close(): Promise<void>;
}

interface ListenerState {
  server: Server;
  sockets: Set<Duplex>;
  inflight: Set<Promise<void>>;
  report: (record: ProxyRequestRecord) => void;
  closed: boolean;
}

const CLIENT_GONE = 'The command closed the connection (or ended) before it was made.';
const CONNECTED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n', 'latin1');
const URL_SHOWN = 500;

/** One proxy per runtime: the policy, the connection cap shared by every command, and their listeners. */
export class CommandProxy {
  readonly policy: NetworkPolicy;
  private readonly limits: Required<CommandProxyOptions>;
  private readonly listeners = new Set<ListenerState>();
  private opener: ReturnType<typeof openSocket> | undefined;
  private active = 0;
  private closed = false;

  constructor(policy: NetworkPolicy, options: CommandProxyOptions = {}) {
    this.policy = policy;
    this.limits = { ...PROXY_DEFAULTS, ...definedOnly(options) };
  }

  /** Connections open now, across every listener. */
  get connections(): number {
    return this.active;
  }

  /**
   * Listen on a unix socket for one command. `report` receives every request (at most `maxRecords`, then one
   * `omitted` record when the listener closes). The socket is made connectable by any user: it lives in the
   * command's private run directory (0700), which is what keeps other users out.
   */
  async listen(socketPath: string, report: (record: ProxyRecord) => void): Promise<ProxyListener> {
    if (this.closed) throw new Error('The command network proxy is closed.');
    // Load the socket opener (undici) while the command starts, not on its first request.
    void this.socketOpener().catch(() => undefined);
    let reported = 0;
    let omitted = 0;
    let refusedOmitted = 0;
    const state: ListenerState = {
      server: createServer({ allowHalfOpen: true, pauseOnConnect: true }),
      sockets: new Set(),
      inflight: new Set(),
      closed: false,
      report: (record) => {
        if (reported < this.limits.maxRecords) {
          reported++;
          safely(() => report(record));
        } else {
          omitted++;
          if (!record.allowed) refusedOmitted++;
        }
      },
    };
    state.server.on('connection', (client: Socket) => {
      if (state.closed) {
        client.destroy();
        return;
      }
      const served = this.serve(client, state).catch(() => undefined);
      state.inflight.add(served);
      void served.finally(() => state.inflight.delete(served));
    });
    await new Promise<void>((resolve, reject) => {
      state.server.once('error', reject);
      state.server.listen(socketPath, () => {
        state.server.off('error', reject);
        resolve();
      });
    });
    state.server.on('error', () => undefined);
    await fs.chmod(socketPath, 0o666);
    this.listeners.add(state);
    let closing: Promise<void> | undefined;
    return {
      socket: socketPath,
      close: () => {
        closing ??= (async () => {
          await this.closeListener(state);
          if (omitted > 0) safely(() => report({ kind: 'omitted', omitted, refused: refusedOmitted }));
        })();
        return closing;
      },
    };
  }

  /** Close every listener and cut every connection (runtime close). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.listeners].map((state) => this.closeListener(state)));
  }

  private async closeListener(state: ListenerState): Promise<void> {
    if (state.closed) return;
    state.closed = true;
    this.listeners.delete(state);
    const stopped = new Promise<void>((resolve) => state.server.close(() => resolve()));
    for (const socket of state.sockets) socket.destroy();
    await Promise.allSettled([stopped, ...state.inflight]);
  }

  /** One client connection: read, check, connect, relay, report. Never throws. */
  private async serve(client: Socket, state: ListenerState): Promise<void> {
    const started = performance.now();
    const record: ProxyRequestRecord = {
      kind: 'request',
      host: '',
      port: 0,
      method: '',
      allowed: false,
      bytesUp: 0,
      bytesDown: 0,
      durationMs: 0,
    };
    const finish = (extra: Partial<ProxyRequestRecord> = {}) => {
      Object.assign(record, extra);
      record.durationMs = Math.round(performance.now() - started);
      state.report(record);
    };
    const answer = (status: number, reason: string, message: string) => {
      closeWith(client, plainResponse(status, message, { 'X-Handrail-Refused': reason }));
      finish({ reason, message });
    };
    client.on('error', () => undefined);
    state.sockets.add(client);
    client.once('close', () => state.sockets.delete(client));
    if (this.active >= this.limits.maxConnections) {
      answer(
        503,
        'capacity',
        `Refused: the limit of ${plural(this.limits.maxConnections, 'open connection')} through handrail's proxy is reached.`,
      );
      return;
    }
    this.active++;
    client.once('close', () => this.active--);

    let request: ProxyRequest;
    try {
      const { head, rest } = await readHead(client, {
        maxBytes: this.policy.settings.maxHeaderBytes,
        timeoutMs: this.limits.headTimeoutMs,
      });
      request = parseProxyRequest(head);
      if (rest.length > 0) client.unshift(rest);
    } catch (error) {
      const bad = error instanceof BadProxyRequest ? error : new BadProxyRequest(400, String(error));
      answer(bad.status, 'bad_request', bad.message);
      return;
    }
    record.method = request.method;
    if (request.kind === 'connect') {
      record.host = request.host.toLowerCase();
      record.port = request.port;
    }

    let target: CheckedTarget;
    try {
      target = await this.policy.check(request.url, {
        signal: AbortSignal.timeout(this.policy.settings.timeoutMs),
      });
    } catch (error) {
      if (client.destroyed) return finish({ error: CLIENT_GONE });
      if (error instanceof NetworkRefusal) {
        if (request.kind === 'forward') describeUrl(record, request.url);
        const status = error.reason === 'resolve_failed' ? 502 : 403;
        answer(status, error.reason, error.message);
      } else answer(504, 'resolve_failed', `Could not resolve the host in time: ${(error as Error).message}`);
      return;
    }
    record.host = target.host;
    record.port = target.port;
    record.address = target.pinned.address;
    record.allowed = true;
    if (request.kind === 'forward') record.url = clip(target.href);
    if (client.destroyed) return finish({ error: CLIENT_GONE });

    let upstream: Duplex;
    try {
      upstream = await this.dial(target);
    } catch (error) {
      const message = `Could not connect to ${target.host}:${target.port} (${target.pinned.address}): ${(error as Error).message}`;
      closeWith(client, plainResponse(502, message));
      finish({ error: message, message });
      return;
    }
    // Its errors end the relay below; until then (a tunnel waiting for the client's first bytes) they only close it.
    upstream.on('error', () => undefined);
    state.sockets.add(upstream);
    whenClosed(upstream, () => state.sockets.delete(upstream));
    if (state.closed || client.destroyed) {
      upstream.destroy();
      return finish({ error: CLIENT_GONE });
    }

    if (request.kind === 'connect') {
      client.write(CONNECTED);
      const first = await firstChunk(client, this.limits.idleTimeoutMs);
      const protocol = first ? tunnelProtocol(first) : undefined;
      if (!first || !protocol) {
        upstream.destroy();
        client.destroy();
        if (!first) finish({ error: 'The client sent nothing through the tunnel.' });
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
    } else {
      const head = forwardedHead(request as ForwardRequest, target.url);
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

  private socketOpener(): ReturnType<typeof openSocket> {
    this.opener ??= openSocket(Math.min(this.policy.settings.idleTimeoutMs, 10_000));
    return this.opener;
  }

  /** Open a TCP connection to the checked address (through `network.connector` when one is configured). */
  private async dial(target: CheckedTarget): Promise<Duplex> {
    const settings = this.policy.settings;
    const open = await this.socketOpener();
    // Raw TCP even for a TLS tunnel: the client's TLS runs inside it, end to end.
    const dial: DialTarget = {
      hostname: target.host,
      address: target.pinned.address,
      family: target.pinned.family,
      port: target.port,
      protocol: 'http:',
    };
    return new Promise<Duplex>((resolve, reject) => {
      const callback = (error: Error | null, socket: Duplex | null) => {
        if (error || !socket) reject(error ?? new Error('no socket'));
        else resolve(socket);
      };
      if (settings.connector) settings.connector({ ...dial }, callback, open);
      else open(dial, callback);
    });
  }
}

/**
 * Copy bytes both ways until both sides are done, counting them, with an idle timeout. Resolves with why it
 * was cut short, or undefined when both sides ended normally.
 */
function relay(
  client: Socket,
  upstream: Duplex,
  record: ProxyRequestRecord,
  opts: { idleTimeoutMs: number; readStatus: boolean; closed: () => boolean },
): Promise<string | undefined> {
  return new Promise((resolve) => {
    let problem: string | undefined;
    let open = 2;
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => stop(`No data either way for ${opts.idleTimeoutMs} ms (the idle timeout).`),
        opts.idleTimeoutMs,
      );
    };
    const stop = (why: string) => {
      problem ??= why;
      client.destroy();
      upstream.destroy();
    };
    const closed = () => {
      if (--open > 0) return;
      clearTimeout(idle);
      if (opts.closed()) problem ??= 'Closed when the command ended.';
      resolve(problem);
    };
    let statusRead = !opts.readStatus;
    const pump = (from: Duplex, to: Duplex, count: (n: number) => void) => {
      from.on('data', (chunk: Buffer) => {
        count(chunk.length);
        touch();
        if (!to.write(chunk)) from.pause();
      });
      to.on('drain', () => from.resume());
      from.once('end', () => to.end());
    };
    pump(client, upstream, (n) => {
      record.bytesUp += n;
    });
    upstream.on('data', (chunk: Buffer) => {
      if (statusRead) return;
      statusRead = true;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(chunk.subarray(0, 16).toString('latin1'));
      if (status) record.status = Number(status[1]);
    });
    pump(upstream, client, (n) => {
      record.bytesDown += n;
    });
    client.once('error', (error) => stop(`The command's side failed: ${error.message}`));
    upstream.once('error', (error) => stop(`The server's side failed: ${error.message}`));
    // Either side may have closed while the request was checked: then its 'close' has been emitted already.
    whenClosed(client, () => {
      upstream.destroy();
      closed();
    });
    whenClosed(upstream, closed);
    touch();
    client.resume();
    upstream.resume();
  });
}

/** Run `fn` once the stream has closed, now if it has already. */
function whenClosed(stream: Duplex, fn: () => void): void {
  if (stream.closed) queueMicrotask(fn);
  else stream.once('close', fn);
}

/** Answer and close: the client is not read any further, so it cannot hold the connection open. */
function closeWith(client: Socket, response: Buffer): void {
  client.end(response, () => client.destroy());
}

/** The first data a client sends (a tunnel's first bytes), or undefined if it ends or stays silent. */
function firstChunk(client: Socket, timeoutMs: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const done = (chunk?: Buffer) => {
      clearTimeout(timer);
      client.off('data', onData);
      client.off('end', onEnd);
      client.off('close', onEnd);
      client.pause();
      resolve(chunk);
    };
    const onData = (chunk: Buffer) => done(chunk);
    const onEnd = () => done(undefined);
    if (client.destroyed) return resolve(undefined);
    const timer = setTimeout(onEnd, timeoutMs);
    client.on('data', onData);
    client.once('end', onEnd);
    client.once('close', onEnd);
    client.resume();
  });
}

function describeUrl(record: ProxyRequestRecord, raw: string): void {
  record.url = clip(raw);
  try {
    const url = new URL(raw);
    record.host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    record.port = url.port ? Number(url.port) : 80;
  } catch {
    // the refusal says what was wrong with it
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function clip(text: string): string {
  return text.length > URL_SHOWN ? `${text.slice(0, URL_SHOWN - 1)}…` : text;
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // a reporting sink must never break a connection
  }
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}
