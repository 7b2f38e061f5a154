// The HTTP fetch under the MCP client, against a plain local HTTP server: the message bound counts a JSON
// body whole (blank lines end events only in an event stream), a message past it is reported as it is cut
// off, and a request's response stream closes once the client cancels that request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import {
  MAX_HTTP_MESSAGE_BYTES,
  MessageTooLargeError,
  policedFetch,
  RequestStreams,
} from '../../../src/extensions/mcp/http-transport.js';
import { NetworkPolicy, resolveNetworkConfig } from '../../../src/sandbox/index.js';
import { onCleanup } from '../../support/cleanup.js';
import { until } from '../../support/wait.js';

const MiB = 1024 * 1024;

/**
 * A local server that answers every POST of a request (a body with an id) with `answer`, and counts those
 * responses whose connection closed; other POSTs (notifications) get 202.
 */
async function server(answer: (res: http.ServerResponse) => void) {
  const state = { url: '', port: 0, closed: 0 };
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (JSON.parse(Buffer.concat(chunks).toString() || '{}').id === undefined)
        return void res.writeHead(202).end();
      res.on('close', () => state.closed++);
      answer(res);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  srv.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  state.port = (srv.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}/mcp`;
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        srv.close(() => resolve());
      }),
  );
  return state;
}

function policy(port: number): NetworkPolicy {
  return new NetworkPolicy(resolveNetworkConfig({ allowAddresses: [`127.0.0.1:${port}`] }));
}

/** Writes `count` copies of `piece`, then `end`, minding back-pressure. */
function stream(res: http.ServerResponse, piece: string, count: number, end: string): void {
  let left = count;
  const more = () => {
    while (left > 0 && !res.destroyed) {
      left--;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    res.end(end);
  };
  more();
}

describe('the message bound', () => {
  test('a JSON body padded with blank lines is one message: it is cut off at the bound, and reported', async () => {
    const srv = await server((res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      stream(res, `${' '.repeat(MiB - 2)}\n\n`, 20, '{}');
    });
    const reported: Error[] = [];
    const fetch = policedFetch(policy(srv.port), 'web', (error) => reported.push(error));
    const response = await fetch(srv.url, { method: 'POST', body: '{"id":1}' });
    const error = await response.text().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MessageTooLargeError);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.message).toBe(
      `MCP server web sent a message larger than ${MAX_HTTP_MESSAGE_BYTES} bytes`,
    );
  });

  test('an event stream may carry more than the bound in all, in events each under it', async () => {
    const srv = await server((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      stream(res, `data: ${'x'.repeat(MiB)}\n\n`, 20, '');
    });
    const reported: Error[] = [];
    const fetch = policedFetch(policy(srv.port), 'web', (error) => reported.push(error));
    const response = await fetch(srv.url, { method: 'POST', body: '{"id":1}' });
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(MAX_HTTP_MESSAGE_BYTES);
    expect(reported).toEqual([]);
  });
});

describe('RequestStreams', () => {
  test("a cancelled request's stream is closed; an answered one is forgotten", async () => {
    const srv = await server((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
    });
    const streams = new RequestStreams();
    const fetch = streams.fetch(policedFetch(policy(srv.port), 'web'));
    const post = (message: unknown) => fetch(srv.url, { method: 'POST', body: JSON.stringify(message) });
    const call = await post({ jsonrpc: '2.0', method: 'tools/call', params: {}, id: 7 });
    const reading = call.text().catch((error: unknown) => error);
    expect(streams.size).toBe(1);
    await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    await until(() => srv.closed === 1, 'the cancelled stream to close');
    expect(await reading).toBeInstanceOf(Error);
    expect(streams.size).toBe(0);

    const other = await post({ jsonrpc: '2.0', method: 'tools/list', id: 8 });
    expect(streams.size).toBe(1);
    streams.answered({ jsonrpc: '2.0', id: 8, result: {} });
    expect(streams.size).toBe(0);
    await other.text().catch(() => undefined);
  });
});
