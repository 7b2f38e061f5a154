// Attacks on the Streamable HTTP endpoint, against in-process servers on 127.0.0.1.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { type HttpServeHandle, serveHttp } from '../../src/server/http.js';
import { onCleanup } from '../support/cleanup.js';
import { tempDir } from '../support/temp.js';

async function start(extra: Parameters<typeof serveHttp>[0] = {}): Promise<HttpServeHandle> {
  const dir = tempDir('handrail-serve-');
  const server = await serveHttp({ root: dir, sandbox: 'none', store: false, port: 0, ...extra });
  onCleanup(() => server.close());
  return server;
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** Sends raw bytes, resolves with what the server wrote before closing or going quiet after a status line. */
function rawRequest(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.write(head + body);
  });
}

describe('HTTP resource limits', () => {
  it('concurrent initialize requests cannot open more sessions than maxSessions', async () => {
    const server = await start({ maxSessions: 2 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(server.url, { method: 'POST', headers: ACCEPT, body: INIT }).then(async (r) => {
          await r.text();
          return r.status;
        }),
      ),
    );
    expect(server.sessionCount()).toBeLessThanOrEqual(2);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
    expect(answers.filter((s) => s === 503).length).toBeGreaterThanOrEqual(6);
  });

  it('a body declared larger than the limit is refused with 413 without waiting for it', {
    timeout: 10_000,
  }, async () => {
    const server = await start({ maxBodyBytes: 1024 });
    const head =
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
      'Accept: application/json, text/event-stream\r\nContent-Length: 1000000000\r\n\r\n';
    // Only a few bytes of the gigabyte ever arrive: the answer must not wait for the rest.
    const answer = await rawRequest(server.port, head, '{"jsonrpc":');
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it('a chunked body that grows past the limit is refused with 413 before it ends', {
    timeout: 10_000,
  }, async () => {
    const server = await start({ maxBodyBytes: 1024 });
    const head =
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
      'Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = 'x'.repeat(4096);
    // The chunked body never ends (no terminating 0-chunk).
    const answer = await rawRequest(server.port, head, `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });
});

/** A raw request (fetch will not set Host): status and the response headers. */
function send(
  port: number,
  method: string,
  headers: Record<string, string | string[]>,
  pathname = '/mcp',
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end(method === 'POST' ? INIT : undefined);
  });
}

describe('a web page against a loopback server', () => {
  it('simple requests, opaque origins, look-alike hosts and every method are refused; no CORS grant', async () => {
    const server = await start();
    const { port } = server;
    const plain = { 'Content-Type': 'text/plain', Accept: 'application/json, text/event-stream' };
    // A form post / no-cors fetch: no preflight, but the browser always sends Origin.
    expect((await send(port, 'POST', { ...plain, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await send(port, 'POST', { ...ACCEPT, Origin: 'null' })).status).toBe(403);
    expect(
      (await send(port, 'POST', { ...ACCEPT, Origin: ['http://localhost', 'https://evil.example'] })).status,
    ).toBe(403);
    for (const host of [`127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`, 'evil.example']) {
      expect((await send(port, 'POST', { ...ACCEPT, Host: host })).status).toBe(403);
    }
    for (const method of ['GET', 'DELETE', 'OPTIONS']) {
      const answer = await send(port, method, { Origin: 'https://evil.example' });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(server.sessionCount()).toBe(0);
  });

  it('with a token, every method and a token in the query string are 401', async () => {
    const server = await start({ token: 'sekrit-token-value' });
    for (const method of ['GET', 'POST', 'DELETE', 'OPTIONS']) {
      expect((await send(server.port, method, ACCEPT)).status).toBe(401);
    }
    for (const query of ['?token=sekrit-token-value', '?access_token=sekrit-token-value']) {
      expect((await send(server.port, 'POST', ACCEPT, `/mcp${query}`)).status).toBe(401);
    }
    expect(
      (await send(server.port, 'POST', { ...ACCEPT, Authorization: 'Bearer sekrit-token-value' })).status,
    ).toBe(200);
  });
});
