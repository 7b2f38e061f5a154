import http from 'node:http';
import type { AddressInfo as NetAddress } from 'node:net';
import { afterEach } from 'vitest';
import {
  type Connector,
  classifyAddress,
  type DialTarget,
  NetworkClient,
  type NetworkConfig,
  NetworkPolicy,
  type ResolvedAddress,
  resolveNetworkConfig,
} from '../../../src/sandbox/network/index.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

export interface TestServer {
  port: number;
  origin: string;
  url(path?: string): string;
  /** Every request: method, url and headers. */
  hits: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
}

/** A loopback HTTP server for one test. */
export async function serve(
  handler: http.RequestListener,
  opts: { maxHeaderSize?: number } = {},
): Promise<TestServer> {
  const hits: TestServer['hits'] = [];
  const server = http.createServer(opts, (req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as NetAddress).port;
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const origin = `http://127.0.0.1:${port}`;
  return { port, origin, url: (path = '/') => `${origin}${path}`, hits };
}

/**
 * The recording dialer: every connection attempt is recorded; loopback addresses are dialed for real, a
 * public address listed in `remap` is dialed to that loopback port (a stand-in for the internet), and
 * anything else fails without a socket ever being opened.
 */
export function recordingConnector(remap: Record<string, number> = {}) {
  const attempts: DialTarget[] = [];
  const opened: string[] = [];
  const connector: Connector = (target, callback, open) => {
    attempts.push({ ...target });
    const stand = remap[target.address];
    if (stand !== undefined) {
      opened.push('127.0.0.1');
      open({ ...target, address: '127.0.0.1', family: 4, port: stand }, callback);
      return;
    }
    if (classifyAddress(target.address).category === 'loopback') {
      opened.push(target.address);
      open(target, callback);
      return;
    }
    callback(new Error(`recording dialer: refused to open a socket to ${target.address}`), null);
  };
  return {
    connector,
    attempts,
    /** Addresses real sockets went to: must only ever be loopback. */
    opened,
  };
}

/** A resolver from a table; unknown names fail like NXDOMAIN. Calls are counted per name. */
export function tableResolver(table: Record<string, string[] | (() => string[])>) {
  const calls: string[] = [];
  const resolver = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const entry = table[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const list = typeof entry === 'function' ? entry() : entry;
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolver, calls };
}

/**
 * A restricted network (only docs.example.com allowed) where `files.example.com` is a public-looking address
 * answered by a local server: for calls that need that host approved.
 */
export async function restrictedNetworkWithFilesHost(
  handler: Parameters<typeof serve>[0],
): Promise<{ server: TestServer; network: NetworkConfig }> {
  const server = await serve(handler);
  const dns = tableResolver({ 'files.example.com': ['93.184.216.34'] });
  const dial = recordingConnector({ '93.184.216.34': server.port });
  return {
    server,
    network: {
      mode: 'restricted',
      allow: ['docs.example.com'],
      resolver: dns.resolver,
      connector: dial.connector,
    },
  };
}

/** A client with an injected resolver and the recording dialer: no traffic can leave the machine. */
export function testClient(
  config: NetworkConfig = {},
  table: Record<string, string[] | (() => string[])> = {},
  remap: Record<string, number> = {},
) {
  const dns = tableResolver(table);
  const dial = recordingConnector(remap);
  const settings = resolveNetworkConfig({ resolver: dns.resolver, connector: dial.connector, ...config });
  const client = new NetworkClient(new NetworkPolicy(settings));
  onCleanup(() => client.close());
  return { client, policy: client.policy, dns, dial };
}
