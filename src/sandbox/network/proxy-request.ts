// What the command proxy reads from a client before it decides: the request head (bounded in size and time),
// parsed into a CONNECT tunnel or a plain-http forward request, and the first bytes of a tunnel, which must
// be TLS or HTTP. Nothing here does I/O beyond reading the client socket.
import type { Socket } from 'node:net';

/** A CONNECT request: a tunnel to host:port (TLS, or HTTP through a client that tunnels everything). */
export interface ConnectRequest {
  kind: 'connect';
  method: 'CONNECT';
  /** Host as written (IPv6 without brackets), port as a number. */
  host: string;
  port: number;
  /** The URL the network policy checks: `https://host:port/`. */
  url: string;
}

/** An absolute-form request for an http:// URL, to be forwarded to its origin. */
export interface ForwardRequest {
  kind: 'forward';
  method: string;
  url: string;
  version: string;
  /** Header lines in order, names as sent. */
  headers: Array<[string, string]>;
}

export type ProxyRequest = ConnectRequest | ForwardRequest;

/** A request the proxy will not read further: the status to answer with and why. */
export class BadProxyRequest extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'BadProxyRequest';
    this.status = status;
  }
}

const HEAD_END = Buffer.from('\r\n\r\n');
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Read the request head: up to `maxBytes`, within `timeoutMs`. Resolves with the head (without the blank
 * line) and whatever followed it (the start of a body, or of a tunnel). The socket is left paused.
 */
export function readHead(
  socket: Socket,
  opts: { maxBytes: number; timeoutMs: number },
): Promise<{ head: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered: Buffer = Buffer.alloc(0);
    const done = (error: Error | undefined, value?: { head: string; rest: Buffer }) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      socket.pause();
      if (error) reject(error);
      else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(HEAD_END);
      if (end >= 0 && end <= opts.maxBytes) {
        done(undefined, {
          head: buffered.subarray(0, end).toString('latin1'),
          rest: buffered.subarray(end + HEAD_END.length),
        });
      } else if (buffered.length > opts.maxBytes + HEAD_END.length) {
        done(new BadProxyRequest(431, `The request head is larger than ${opts.maxBytes} bytes.`));
      }
    };
    const onEnd = () =>
      done(new BadProxyRequest(400, 'The client closed the connection before its request.'));
    const timer = setTimeout(
      () => done(new BadProxyRequest(408, `No complete request within ${opts.timeoutMs} ms.`)),
      opts.timeoutMs,
    );
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onEnd);
    socket.resume();
  });
}

/** Parse a request head into what the proxy serves; throws BadProxyRequest for anything else. */
export function parseProxyRequest(head: string): ProxyRequest {
  const [line = '', ...rest] = head.split('\r\n');
  const match = /^(\S+) (\S+) (HTTP\/1\.[01])$/.exec(line);
  if (!match) throw new BadProxyRequest(400, 'The request line is not HTTP/1.x.');
  const [, method, target, version] = match as unknown as [string, string, string, string];
  if (!TOKEN.test(method)) throw new BadProxyRequest(400, 'The request method is not a valid token.');
  const headers: Array<[string, string]> = [];
  for (const field of rest) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon);
    // obs-fold and bare names are refused, as RFC 9112 lets a proxy do.
    if (colon <= 0 || !TOKEN.test(name) || /[\r\n\0]/.test(field)) {
      throw new BadProxyRequest(400, 'A request header is malformed.');
    }
    headers.push([name, field.slice(colon + 1).trim()]);
  }
  if (method === 'CONNECT') return parseConnect(target);
  if (/^https:\/\//i.test(target)) {
    throw new BadProxyRequest(400, 'https URLs go through the proxy with CONNECT, not as a plain request.');
  }
  if (!/^http:\/\//i.test(target)) {
    throw new BadProxyRequest(
      400,
      'This is handrail\'s network proxy: send absolute http:// URLs ("GET http://host/path") or CONNECT host:port.',
    );
  }
  return { kind: 'forward', method, url: target, version, headers };
}

function parseConnect(target: string): ConnectRequest {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s/@:[\]?#]+)):(\d{1,5})$/.exec(target);
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65535) {
    throw new BadProxyRequest(400, 'CONNECT needs host:port (an IPv6 address in brackets).');
  }
  const host = match[1] ?? match[2]!;
  const authority = match[1] ? `[${host}]:${port}` : `${host}:${port}`;
  return { kind: 'connect', method: 'CONNECT', host, port, url: `https://${authority}/` };
}

/**
 * Headers that belong to one hop (RFC 9110 7.6.1), never forwarded, with those `Connection` names.
 * Transfer-Encoding stays: the body is passed through byte for byte, framing included.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'upgrade',
]);

/**
 * The head sent to the origin: the request line in origin form, `Host` set to the URL's authority (RFC 9112
 * 3.2.2), hop-by-hop headers dropped, and `Connection: close`, so one client connection carries one request
 * and every request is checked on its own.
 */
export function forwardedHead(request: ForwardRequest, url: URL): Buffer {
  const named = new Set(HOP_BY_HOP);
  for (const [name, value] of request.headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) named.add(token.trim().toLowerCase());
  }
  const lines = [`${request.method} ${url.pathname}${url.search} ${request.version}`, `Host: ${url.host}`];
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (lower === 'host' || named.has(lower)) continue;
    lines.push(`${name}: ${value}`);
  }
  lines.push('Connection: close', '', '');
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

/**
 * Whether the first bytes of a tunnel are a TLS handshake record or an HTTP/1.x request line: the tunnel
 * carries http(s) only, like every other path out of handrail. (A protocol where the server speaks first,
 * such as SSH or SMTP, never sends the client bytes this waits for.)
 */
export function tunnelProtocol(chunk: Buffer): 'tls' | 'http' | undefined {
  if (chunk.length >= 3 && chunk[0] === 0x16 && chunk[1] === 0x03) return 'tls';
  const start = chunk.subarray(0, 32).toString('latin1');
  if (/^[A-Z]{3,16} [^\s]/.test(start) || /^PRI \* HTTP\/2/.test(start)) return 'http';
  return undefined;
}

/** A short plain-text HTTP response that ends the connection (refusals and errors). */
export function plainResponse(status: number, message: string, extra: Record<string, string> = {}): Buffer {
  const body = Buffer.from(`${message}\n`, 'utf8');
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Connection: close',
    ...Object.entries(extra).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ];
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
