// The command proxy on its own: real unix sockets and a real loopback server, no sandbox. What it forwards,
// what it refuses and why, that it connects only to the address it checked, and that it stays bounded.
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CommandProxy,
  type NetworkConfig,
  NetworkPolicy,
  type ProxyRecord,
  type ProxyRequestRecord,
  resolveNetworkConfig,
} from '../../../src/sandbox/network/index.js';
import { eventually } from '../../support/processes.js';
import { tempDir } from '../../support/temp.js';
import { onCleanup, recordingConnector, serve, tableResolver } from './helpers.js';

/** A proxy over a policy, listening on a fresh socket; its records are collected. */
async function proxyFor(config: NetworkConfig, limits: ConstructorParameters<typeof CommandProxy>[1] = {}) {
  const proxy = new CommandProxy(new NetworkPolicy(resolveNetworkConfig(config)), limits);
  onCleanup(() => proxy.close());
  const socket = path.join(tempDir('handrail-proxy-'), 'proxy.sock');
  const records: ProxyRecord[] = [];
  const listener = await proxy.listen(socket, (record) => records.push(record));
  const requests = () => records.filter((r): r is ProxyRequestRecord => r.kind === 'request');
  /** The records once `n` have arrived (they are reported when a connection ends). */
  const settled = async (n: number) => {
    await eventually(() => records.length >= n);
    return requests();
  };
  return { proxy, socket, listener, records, requests, settled };
}

/** Send raw bytes to the proxy and read everything it answers until it closes. */
function exchange(socket: string, ...parts: Array<string | Buffer>): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = net.connect({ path: socket });
    let out = '';
    client.on('data', (chunk) => {
      out += chunk.toString('latin1');
    });
    client.on('error', reject);
    client.on('close', () => resolve(out));
    client.on('connect', () => {
      for (const part of parts) client.write(part);
    });
  });
}

/** CONNECT, wait for the 200, then send `inner` through the tunnel; resolves with everything read. */
function tunnel(socket: string, authority: string, inner: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = net.connect({ path: socket });
    let out = '';
    let sent = false;
    client.on('data', (chunk) => {
      out += chunk.toString('latin1');
      if (!sent && out.includes('\r\n\r\n')) {
        sent = true;
        if (out.startsWith('HTTP/1.1 200')) client.write(inner);
      }
    });
    client.on('error', reject);
    client.on('close', () => resolve(out));
    client.on('connect', () => client.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`));
  });
}

describe('plain http through the proxy', () => {
  it('forwards an absolute-form request in origin form, with Host and Connection: close, and reports it', async () => {
    const server = await serve((req, res) => res.end(`you asked for ${req.url}`));
    const { socket, settled } = await proxyFor({ allowAddresses: [`127.0.0.1:${server.port}`] });
    const answer = await exchange(
      socket,
      `GET ${server.url('/a/b?x=1')} HTTP/1.1\r\nHost: elsewhere.test\r\nProxy-Connection: keep-alive\r\nProxy-Authorization: Basic eA==\r\nX-Kept: yes\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('you asked for /a/b?x=1');
    expect(server.hits).toHaveLength(1);
    const hit = server.hits[0]!;
    expect(hit.url).toBe('/a/b?x=1');
    expect(hit.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(hit.headers.connection).toBe('close');
    expect(hit.headers['x-kept']).toBe('yes');
    expect(hit.headers['proxy-connection']).toBeUndefined();
    expect(hit.headers['proxy-authorization']).toBeUndefined();
    const [record] = await settled(1);
    expect(record).toMatchObject({
      host: '127.0.0.1',
      port: server.port,
      method: 'GET',
      url: server.url('/a/b?x=1'),
      allowed: true,
      address: '127.0.0.1',
      status: 200,
    });
    expect(record!.bytesUp).toBeGreaterThan(50);
    expect(record!.bytesDown).toBe(Buffer.byteLength(answer, 'latin1'));
    expect(record!.error).toBeUndefined();
  });

  it('refuses a loopback port that allowAddresses does not name, with the policy sentence, and sends nothing', async () => {
    const server = await serve((_req, res) => res.end('should not be reached'));
    const { socket, settled } = await proxyFor({ allowAddresses: ['127.0.0.1:1'] });
    const answer = await exchange(socket, `GET ${server.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    expect(answer).toContain('X-Handrail-Refused: blocked_address');
    expect(answer).toContain(
      `Refused: 127.0.0.1 is a loopback address; allow it with network.allowAddresses (for example "127.0.0.1:${server.port}")`,
    );
    expect(server.hits).toHaveLength(0);
    const [record] = await settled(1);
    expect(record).toMatchObject({
      host: '127.0.0.1',
      port: server.port,
      method: 'GET',
      allowed: false,
      reason: 'blocked_address',
      bytesUp: 0,
      bytesDown: 0,
    });
  });

  it('applies the deny list and restricted mode, for tunnels too', async () => {
    const { socket, settled } = await proxyFor({
      mode: 'restricted',
      allow: ['allowed.test'],
      deny: ['blocked.test'],
    });
    const denied = await exchange(
      socket,
      'CONNECT blocked.test:443 HTTP/1.1\r\nHost: blocked.test:443\r\n\r\n',
    );
    const outside = await exchange(socket, 'GET http://other.test/ HTTP/1.1\r\nHost: other.test\r\n\r\n');
    expect(denied).toMatch(/^HTTP\/1\.1 403/);
    expect(denied).toContain('blocked.test is on the network deny list');
    expect(outside).toContain("other.test:80 is not on the network allowlist (network.mode is 'restricted'");
    const records = await settled(2);
    expect(records.map((r) => [r.method, r.host, r.port, r.allowed, r.reason])).toEqual([
      ['CONNECT', 'blocked.test', 443, false, 'denied'],
      ['GET', 'other.test', 80, false, 'not_allowed'],
    ]);
  });

  it('answers a request that is not for a proxy with 400, and a head that never ends with 408 or 431', async () => {
    const { socket, settled } = await proxyFor({}, { headTimeoutMs: 150 });
    const origin = await exchange(socket, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const https = await exchange(socket, 'GET https://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n');
    const slow = await exchange(socket, 'GET http://example.com/ HTTP/1.1\r\n');
    const huge = await exchange(
      socket,
      `GET http://example.com/ HTTP/1.1\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(origin).toMatch(/^HTTP\/1\.1 400/);
    expect(origin).toContain("handrail's network proxy");
    expect(https).toContain('with CONNECT');
    expect(slow).toMatch(/^HTTP\/1\.1 408/);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    const records = await settled(4);
    expect(records.every((r) => r.reason === 'bad_request' && !r.allowed)).toBe(true);
  });
});

describe('DNS, pinning and tunnels', () => {
  it('resolves a name once and connects to the address it checked', async () => {
    const server = await serve((_req, res) => res.end('pinned'));
    const dial = recordingConnector();
    const dns = tableResolver({ 'app.test': ['127.0.0.1'] });
    const { socket, settled } = await proxyFor({
      allowAddresses: [`127.0.0.1:${server.port}`],
      resolver: dns.resolver,
      connector: dial.connector,
    });
    const answer = await exchange(
      socket,
      `GET http://app.test:${server.port}/ HTTP/1.1\r\nHost: app.test\r\n\r\n`,
    );
    expect(answer).toContain('pinned');
    expect(dns.calls).toEqual(['app.test']);
    expect(dial.attempts).toEqual([
      { hostname: 'app.test', address: '127.0.0.1', family: 4, port: server.port, protocol: 'http:' },
    ]);
    expect(server.hits[0]!.headers.host).toBe(`app.test:${server.port}`);
    const [record] = await settled(1);
    expect(record).toMatchObject({ host: 'app.test', address: '127.0.0.1', allowed: true });
  });

  it('refuses a name whose answers include a private address, before any connection is made', async () => {
    const dial = recordingConnector();
    const dns = tableResolver({ 'rebind.test': ['93.184.216.34', '10.0.0.5'] });
    const { socket, settled } = await proxyFor({ resolver: dns.resolver, connector: dial.connector });
    const answer = await exchange(
      socket,
      'CONNECT rebind.test:443 HTTP/1.1\r\nHost: rebind.test:443\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(answer).toContain('Refused: rebind.test resolves to 10.0.0.5');
    expect(answer).toContain('private-network address');
    expect(dial.attempts).toEqual([]);
    const [record] = await settled(1);
    expect(record).toMatchObject({ method: 'CONNECT', allowed: false, reason: 'blocked_address' });
  });

  it('tunnels HTTP or TLS through CONNECT, and closes a tunnel that carries anything else', async () => {
    const server = await serve((_req, res) => res.end('through the tunnel'));
    const { socket, settled } = await proxyFor({ allowAddresses: [`127.0.0.1:${server.port}`] });
    const authority = `127.0.0.1:${server.port}`;
    const ok = await tunnel(socket, authority, 'GET /t HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(ok).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(ok).toContain('through the tunnel');
    const ssh = await tunnel(socket, authority, 'SSH-2.0-OpenSSH_9.6\r\n');
    expect(ssh).toBe('HTTP/1.1 200 Connection Established\r\n\r\n');
    expect(server.hits.map((h) => h.url)).toEqual(['/t']);
    const records = await settled(2);
    expect(records[0]).toMatchObject({ method: 'CONNECT', allowed: true, protocol: 'http' });
    expect(records[0]!.bytesDown).toBeGreaterThan(20);
    expect(records[1]).toMatchObject({ method: 'CONNECT', allowed: false, reason: 'not_http' });
  });

  it('reports a connection failure to an allowed address as a 502', async () => {
    const closed = await serve((_req, res) => res.end());
    const port = closed.port;
    // A port nothing listens on: take one, then close it.
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const { socket, settled } = await proxyFor({
      allowAddresses: [`127.0.0.1:${port}`, `127.0.0.1:${free}`],
    });
    const answer = await exchange(socket, `GET http://127.0.0.1:${free}/ HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 502/);
    const [record] = await settled(1);
    expect(record).toMatchObject({ allowed: true, port: free });
    expect(record!.error).toMatch(/Could not connect to 127\.0\.0\.1:\d+/);
  });
});

describe('bounds', () => {
  it('caps the connections open at once, across the proxy', async () => {
    const server = await serve((_req, res) => res.end('x'));
    const { socket, settled } = await proxyFor(
      { allowAddresses: [`127.0.0.1:${server.port}`] },
      { maxConnections: 1 },
    );
    const held = net.connect({ path: socket });
    held.on('error', () => undefined);
    await new Promise((resolve) => held.once('connect', resolve));
    const refused = await exchange(socket, `GET ${server.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(refused).toMatch(/^HTTP\/1\.1 503/);
    expect(refused).toContain('the limit of 1 open connection through handrail');
    const [record] = await settled(1);
    expect(record).toMatchObject({ allowed: false, reason: 'capacity' });
    // Once the held connection is gone (and reported), there is room again.
    held.destroy();
    await settled(2);
    const again = await exchange(socket, `GET ${server.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(again).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a connection idle for longer than the idle timeout', async () => {
    const server = await serve(() => {
      // never answers
    });
    const { socket, settled } = await proxyFor(
      { allowAddresses: [`127.0.0.1:${server.port}`] },
      { idleTimeoutMs: 200 },
    );
    const started = Date.now();
    await exchange(socket, `GET ${server.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(Date.now() - started).toBeLessThan(5000);
    const [record] = await settled(1);
    expect(record).toMatchObject({ allowed: true });
    expect(record!.error).toContain('idle timeout');
  });

  it('closing a listener cuts its connections and removes its socket; records past the cap are counted', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/hang') return;
      res.end('x');
    });
    const { socket, listener, records } = await proxyFor(
      { allowAddresses: [`127.0.0.1:${server.port}`] },
      { maxRecords: 2 },
    );
    for (let i = 0; i < 3; i++) await exchange(socket, `GET ${server.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await exchange(socket, 'GET http://127.0.0.1:1/ HTTP/1.1\r\nHost: x\r\n\r\n');
    const hanging = exchange(socket, `GET ${server.url('/hang')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await eventually(() => server.hits.some((hit) => hit.url === '/hang'));
    await listener.close();
    await hanging;
    expect(existsSync(socket)).toBe(false);
    expect(records).toHaveLength(3);
    expect(records[2]).toEqual({ kind: 'omitted', omitted: 3, refused: 1 });
  });

  it('a client that leaves while its request is checked is reported, and leaves nothing open', async () => {
    const server = await serve((_req, res) => res.end('x'));
    let answer: (() => void) | undefined;
    const { proxy, socket, listener, settled } = await proxyFor({
      allowAddresses: [`127.0.0.1:${server.port}`],
      resolver: () =>
        new Promise((resolve) => {
          answer = () => resolve([{ address: '127.0.0.1', family: 4 }]);
        }),
    });
    const client = net.connect({ path: socket });
    client.on('error', () => undefined);
    client.write(`GET http://slow.test:${server.port}/ HTTP/1.1\r\nHost: slow.test\r\n\r\n`);
    await eventually(() => answer !== undefined);
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer!();
    const [record] = await settled(1);
    // It was allowed; what it asked for may still go out, but the connection ends as soon as that is seen.
    expect(record).toMatchObject({ host: 'slow.test', allowed: true });
    expect(record!.error).toMatch(/closed the connection|command's side failed/);
    expect(proxy.connections).toBe(0);
    await listener.close();
  });

  it('a closed proxy takes no new listener', async () => {
    const { proxy } = await proxyFor({});
    await proxy.close();
    await expect(proxy.listen(path.join(tempDir(), 'p.sock'), () => undefined)).rejects.toThrow(/closed/);
  });
});

describe('network.commands', () => {
  it('is off by default and must be a boolean', () => {
    expect(resolveNetworkConfig({}).commands).toBe(false);
    expect(resolveNetworkConfig({ commands: true }).commands).toBe(true);
    expect(() => resolveNetworkConfig({ commands: 'policed' as never })).toThrow(
      'network.commands must be true or false (got "policed")',
    );
  });
});
