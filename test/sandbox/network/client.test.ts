import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NetworkFailure, NetworkRefusal } from '../../../src/sandbox/network/index.js';
import { serve, testClient } from './helpers.js';

const PUBLIC = '93.184.216.34';
const PUBLIC_B = '93.184.216.35';

async function failed(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('NetworkClient against loopback servers', () => {
  it('connects to the checked address with the original Host header', async () => {
    const server = await serve((_req, res) => res.end('hello'));
    const { client, dial, dns } = testClient({}, { 'site.test': [PUBLIC] }, { [PUBLIC]: server.port });
    const response = await client.fetch(`http://site.test:${server.port}/a`);
    expect(response.data.toString()).toBe('hello');
    expect(server.hits[0]!.headers.host).toBe(`site.test:${server.port}`);
    expect(dial.attempts).toEqual([
      { hostname: 'site.test', address: PUBLIC, family: 4, port: server.port, protocol: 'http:' },
    ]);
    expect(dial.opened).toEqual(['127.0.0.1']);
    expect(dns.calls).toEqual(['site.test']);
  });

  it('resolves once per hop: a rebinding second answer is never used', async () => {
    const server = await serve((_req, res) => res.end('ok'));
    let n = 0;
    const { client, dial, dns } = testClient(
      {},
      { 'rebind.test': () => (n++ === 0 ? [PUBLIC] : ['127.0.0.1']) },
      { [PUBLIC]: server.port },
    );
    await client.fetch(`http://rebind.test:${server.port}/`);
    expect(dns.calls).toEqual(['rebind.test']);
    expect(dial.attempts.map((a) => a.address)).toEqual([PUBLIC]);
  });

  it('refuses a redirect to 169.254.169.254 without dialing it', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' });
      res.end();
    });
    const { client, dial } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`] });
    const error = await failed(client.fetch(server.url('/start')));
    expect(error).toBeInstanceOf(NetworkRefusal);
    expect(error.message).toBe(
      `${server.url('/start')} redirected (HTTP 302) to http://169.254.169.254/latest/meta-data/iam/. Refused: 169.254.169.254 is a cloud metadata address; cloud metadata endpoints are never fetched unless that exact address is listed in network.allowAddresses.`,
    );
    expect(dial.attempts.map((a) => a.address)).toEqual(['127.0.0.1']);
  });

  it('refuses a redirect to a name that resolves privately, and re-applies the allowlist', async () => {
    const server = await serve((req, res) => {
      res.writeHead(301, { location: req.url === '/a' ? 'http://inner.test/' : 'https://elsewhere.test/' });
      res.end();
    });
    const { client } = testClient(
      { mode: 'restricted', allow: ['site.test'] },
      { 'site.test': [PUBLIC], 'inner.test': ['10.0.0.7'], 'elsewhere.test': [PUBLIC] },
      { [PUBLIC]: server.port },
    );
    const a = await failed(client.fetch(`http://site.test:${server.port}/a`));
    expect((a as NetworkRefusal).reason).toBe('not_allowed');
    const open = testClient(
      {},
      { 'site.test': [PUBLIC], 'inner.test': ['10.0.0.7'] },
      { [PUBLIC]: server.port },
    );
    const b = await failed(open.client.fetch(`http://site.test:${server.port}/a`));
    expect(b.message).toContain(
      'Refused: inner.test resolves to 10.0.0.7, which is a private-network address',
    );
    expect(open.dial.attempts.map((x) => x.address)).toEqual([PUBLIC]);
  });

  it('detects a redirect loop', async () => {
    const server = await serve((req, res) => {
      res.writeHead(302, { location: req.url === '/a' ? '/b' : '/a' });
      res.end();
    });
    const { client } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`] });
    const error = await failed(client.fetch(server.url('/a')));
    expect(error).toBeInstanceOf(NetworkFailure);
    expect(error.message).toBe(
      `Redirect loop: ${server.url('/b')} redirected back to ${server.url('/a')}, which was already visited.`,
    );
  });

  it('follows at most 5 redirects', async () => {
    const server = await serve((req, res) => {
      const n = Number(req.url!.slice(1));
      if (n >= 10) return res.end('done');
      res.writeHead(307, { location: `/${n + 1}` });
      res.end();
    });
    const { client } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`] });
    expect((await client.fetch(server.url('/5'))).data.toString()).toBe('done');
    const error = await failed(client.fetch(server.url('/0')));
    expect(error.message).toBe(
      `Stopped after 5 redirects (the limit); the last one, from ${server.url('/5')}, pointed to /6.`,
    );
    expect(server.hits.filter((h) => h.url === '/6')).toHaveLength(1); // only from the first, successful run
  });

  it('drops credential headers when a redirect changes origin, keeps them on the same origin', async () => {
    const b = await serve((_req, res) => res.end('b'));
    const a = await serve((req, res) => {
      res.writeHead(302, { location: req.url === '/same' ? '/final' : `${b.url('/final')}` });
      res.end();
    });
    const { client } = testClient({ allowAddresses: ['127.0.0.1'] });
    const headers = {
      authorization: 'Bearer s3cret',
      cookie: 'sid=1',
      'proxy-authorization': 'Basic x',
      'x-api-key': 'k',
    };
    await client.fetch(a.url('/same'), { headers, sensitiveHeaders: ['X-Api-Key'] });
    expect(a.hits[1]!.headers).toMatchObject({
      authorization: 'Bearer s3cret',
      cookie: 'sid=1',
      'x-api-key': 'k',
    });
    await client.fetch(a.url('/cross'), { headers, sensitiveHeaders: ['X-Api-Key'] });
    const seen = b.hits[0]!.headers;
    expect(seen.authorization).toBeUndefined();
    expect(seen.cookie).toBeUndefined();
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['x-api-key']).toBeUndefined();
  });

  it('caps a gzip bomb after decompression and stops reading', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      res.end(bomb);
    });
    const { client } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`], maxBytes: 1024 * 1024 });
    const cut = await client.fetch(server.url('/'));
    expect(cut.data.length).toBe(1024 * 1024);
    expect(cut.truncated).toBe(true);
    const error = await failed(client.fetch(server.url('/'), { overflow: 'error' }));
    expect((error as NetworkFailure).kind).toBe('too_large');
    expect(error.message).toBe(
      'The body is larger than the 1048576-byte limit (counted after decompression).',
    );
  });

  it('decodes brotli and stacked encodings, and reports corrupt ones', async () => {
    const { brotliCompressSync } = await import('node:zlib');
    const server = await serve((req, res) => {
      if (req.url === '/br') {
        res.writeHead(200, { 'content-encoding': 'br' });
        return res.end(brotliCompressSync(Buffer.from('brotli text')));
      }
      if (req.url === '/stack') {
        res.writeHead(200, { 'content-encoding': 'gzip, br' });
        return res.end(brotliCompressSync(gzipSync(Buffer.from('two layers'))));
      }
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(Buffer.from('this is not gzip at all'));
    });
    const { client } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`] });
    expect((await client.fetch(server.url('/br'))).data.toString()).toBe('brotli text');
    expect((await client.fetch(server.url('/stack'))).data.toString()).toBe('two layers');
    expect((await failed(client.fetch(server.url('/bad')))).message).toMatch(
      /^The compressed body is corrupt/,
    );
  });

  it('stops a slow-drip server at the total timeout', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(timer));
    });
    const { client } = testClient({
      allowAddresses: [`127.0.0.1:${server.port}`],
      timeoutMs: 400,
      idleTimeoutMs: 5000,
    });
    const error = await failed(client.fetch(server.url('/')));
    expect((error as NetworkFailure).kind).toBe('timeout');
    expect(error.message).toBe('The request did not finish within 400 ms (the total time limit).');
  });

  it('stops a stalled body at the idle timeout', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first chunk');
    });
    const { client } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`], idleTimeoutMs: 300 });
    const error = await failed(client.fetch(server.url('/')));
    expect((error as NetworkFailure).kind).toBe('timeout');
    expect(error.message).toBe('The server sent no data for 300 ms while sending the body.');
  });

  it('refuses huge response headers cleanly', async () => {
    const server = await serve(
      (_req, res) => {
        res.writeHead(200, { 'x-filler': 'a'.repeat(64 * 1024) });
        res.end('never read');
      },
      { maxHeaderSize: 1024 * 1024 },
    );
    const { client } = testClient({ allowAddresses: [`127.0.0.1:${server.port}`] });
    const error = await failed(client.fetch(server.url('/')));
    expect(error).toBeInstanceOf(NetworkFailure);
    expect(error.message).toBe(
      'The response headers are larger than 16384 bytes; the response was not read.',
    );
  });

  it('never opens a socket to a non-loopback address, even for public hosts', async () => {
    const { client, dial } = testClient({}, { 'public.test': [PUBLIC_B] });
    const error = await failed(client.fetch('http://public.test/'));
    expect(error.message).toContain('recording dialer: refused to open a socket to 93.184.216.35');
    expect(dial.attempts.map((a) => a.address)).toEqual([PUBLIC_B]);
    expect(dial.opened).toEqual([]);
  });
});
