// Attacks by a hostile HTTP MCP server (Streamable HTTP, written by hand on 127.0.0.1, allowed by
// network.allowAddresses): redirects to addresses the policy refuses, bodies built to slip past the message
// bound, streams that never end, answers that never come. Each test asserts the SAFE behaviour: handrail goes
// nowhere the policy did not allow, holds no more than the bound, and every call ends as a result.
import { describe, expect, test } from 'vitest';
import type { McpServerConfig } from '../../src/index.js';
import { createRuntime } from '../../src/index.js';
import { until } from '../support/wait.js';
import { expectReady, hostileRuntime, use } from './fixtures/mcp/hostile.js';
import { type HostileHttp, hostileHttp } from './fixtures/mcp/http-server.js';

const MiB = 1024 * 1024;

async function httpRuntime(server: HostileHttp, extra: Partial<McpServerConfig> = {}, allow = [server]) {
  return hostileRuntime(
    { web: { url: server.url, ...extra } as McpServerConfig },
    {
      sandbox: 'none',
      network: { allowAddresses: allow.map((s) => `127.0.0.1:${s.port}`) },
    },
  );
}

describe('redirects', () => {
  test('a redirect to another local port, or to the metadata address, is not followed', async () => {
    const elsewhere = await hostileHttp();
    for (const target of [
      elsewhere.url,
      'http://169.254.169.254/mcp',
      `http://localhost:${elsewhere.port}/mcp`,
    ]) {
      const redirector = await hostileHttp({
        onAny: (_message, res) => {
          res.writeHead(307, { location: target }).end();
        },
      });
      const runtime = await httpRuntime(redirector, { timeoutMs: 5000 });
      const status = runtime.mcpStatus()[0]!;
      expect(status.state, target).toBe('failed');
      expect(elsewhere.hits, target).toEqual([]);
      await runtime.close();
    }
  });

  test('a tools/call answered by a redirect elsewhere ends as a result, and reaches nothing', async () => {
    const elsewhere = await hostileHttp();
    const redirector = await hostileHttp({
      onCall: (_message, res) => {
        res.writeHead(308, { location: elsewhere.url }).end();
      },
    });
    const runtime = await httpRuntime(redirector, { timeoutMs: 5000 });
    expectReady(runtime);
    const { result } = await use(runtime, 'mcp__web__get');
    expect(result.isError).toBe(true);
    expect(elsewhere.hits).toEqual([]);
  });

  test('a local server the network policy does not allow is never contacted', async () => {
    const server = await hostileHttp();
    const runtime = await httpRuntime(server, { timeoutMs: 5000 }, []);
    const status = runtime.mcpStatus()[0]!;
    expect(status.state).toBe('failed');
    expect(status.reason).toMatch(/127\.0\.0\.1/);
    expect(server.hits).toEqual([]);
  });

  test('an SSE server naming an endpoint elsewhere gets no message sent there', async () => {
    const elsewhere = await hostileHttp();
    const sse = await hostileHttp({
      // The first POST says "no Streamable HTTP here": handrail falls back to SSE, whose stream names the
      // endpoint to post messages to.
      onAny: (_message, res) => void res.writeHead(404).end(),
      onGet: (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`event: endpoint\ndata: ${elsewhere.url}?sessionId=1\n\n`);
      },
    });
    const runtime = await httpRuntime(sse, { timeoutMs: 3000 }, [sse, elsewhere]);
    expect(runtime.mcpStatus()[0]!.state).toBe('failed');
    expect(elsewhere.hits).toEqual([]);
  });

  test('a URL with a user name and password is refused when the runtime is created', () => {
    expect(() =>
      createRuntime({ mcpServers: { web: { url: 'http://user:pass@127.0.0.1:1/mcp' } }, store: false }),
    ).toThrow(RangeError);
  });
});

describe('bodies and streams', () => {
  test('a JSON answer of 40 MiB padded with blank lines is refused at the message bound', async () => {
    // The bound counts bytes since the last blank line, as for server-sent events; a JSON body has no events.
    const server = await hostileHttp({
      onCall: (message, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const head = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"small"}]}`;
        res.write(head);
        const pad = `${' '.repeat(MiB - 2)}\n\n`;
        let left = 40;
        const more = () => {
          while (left > 0) {
            left--;
            if (!res.write(pad)) return void res.once('drain', more);
          }
          res.end('}');
        };
        more();
      },
    });
    const runtime = await httpRuntime(server, { timeoutMs: 20_000 });
    expectReady(runtime);
    const { result, seen } = await use(runtime, 'mcp__web__get');
    expect(result.isError, seen).toBe(true);
    expect(seen).toMatch(/larger than/);
  });

  test('one server-sent event of 100 MiB ends the call at the bound, not at the timeout', async () => {
    const server = await hostileHttp({
      onCall: (_message, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = `data: ${'x'.repeat(MiB)}\n`;
        let left = 100;
        const more = () => {
          while (left > 0 && !res.destroyed) {
            left--;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end(`\n\n`);
        };
        more();
      },
    });
    // A stdio server's oversized line ends its connection at once; an HTTP server's must end the call too,
    // rather than leave it waiting for the timeout (60 s by default) with the reason lost.
    const runtime = await httpRuntime(server, { timeoutMs: 5000 });
    expectReady(runtime);
    const { result, seen } = await use(runtime, 'mcp__web__get');
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass, seen).not.toBe('timeout');
    expect(seen).toMatch(/larger than/);
  });

  test('an event stream that never answers ends as a timeout, and its connection is closed', async () => {
    const server = await hostileHttp({
      onCall: (_message, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const note = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'still here' } })}\n\n`;
        const timer = setInterval(() => res.write(note), 5);
        res.on('close', () => clearInterval(timer));
      },
    });
    const runtime = await httpRuntime(server, { timeoutMs: 1500 });
    expectReady(runtime);
    const { result } = await use(runtime, 'mcp__web__get');
    expect(result.outcome.errorClass).toBe('timeout');
    // The stream of the abandoned call does not stay open (a socket and a reader per call would pile up).
    await until(() => server.closedCalls === 1, 'the abandoned stream to be closed', 3000).catch(
      () => undefined,
    );
    expect(server.closedCalls).toBe(1);
  });

  test('an initialize answered one byte at a time gives up at the timeout with a reason', async () => {
    const server = await hostileHttp({
      onAny: (message, res) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} });
        res.writeHead(200, { 'content-type': 'application/json' });
        let i = 0;
        const timer = setInterval(() => {
          if (i >= body.length || res.destroyed) return clearInterval(timer);
          res.write(body[i++]!);
        }, 200);
        res.on('close', () => clearInterval(timer));
      },
    });
    const runtime = await httpRuntime(server, { timeoutMs: 1500 });
    const status = runtime.mcpStatus()[0]!;
    expect(status.state).toBe('failed');
    expect(status.reason).toMatch(/web/);
  });
});
