// The MCP client over HTTP with the real server-everything (its own process, on a free local port): Streamable
// HTTP, the SSE fallback, and the network policy deciding whether the server may be reached at all.
import { expect, test } from 'vitest';
import { everythingHttp, mcpRuntime, stopChild } from '../../support/mcp.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { until } from '../../support/wait.js';

test('a Streamable HTTP server allowed by network.allowAddresses: tools, calls, images and progress', async () => {
  const server = await everythingHttp('streamableHttp');
  const runtime = mcpRuntime({
    network: { allowAddresses: [`127.0.0.1:${server.port}`] },
    mcpServers: { everything: { url: server.url } },
  });
  await runtime.ready();
  expect(runtime.mcpStatus()[0]).toMatchObject({ state: 'ready', transport: 'streamable-http' });
  const turn = runtime.beginTurn();
  expect(text(await turn.call(call('mcp__everything__echo', { message: 'over http' })))).toContain(
    'Echo: over http',
  );
  expect(text(await turn.call(call('mcp__everything__get-sum', { a: 20, b: 22 })))).toContain('42');
  const image = await turn.call(call('mcp__everything__get-tiny-image', {}));
  expect(image.content.some((part) => part.type === 'image' && part.mimeType === 'image/png')).toBe(true);
  const updates: string[] = [];
  const long = await turn.call(
    call('mcp__everything__trigger-long-running-operation', { duration: 0.6, steps: 3 }),
    {
      onUpdate: (update) => updates.push(JSON.stringify(update.details)),
    },
  );
  expect(text(long)).toContain('Long running operation completed');
  expect(updates.length).toBeGreaterThan(0);
  expect(updates[0]).toContain('"total":3');
});

test('a server that has only the older SSE transport is reached through it', async () => {
  const server = await everythingHttp('sse');
  const runtime = mcpRuntime({
    network: { allowAddresses: [`127.0.0.1:${server.port}`] },
    mcpServers: { legacy: { url: server.url } },
  });
  await runtime.ready();
  expect(runtime.mcpStatus()[0]).toMatchObject({ state: 'ready', transport: 'sse' });
  const echo = await runtime.beginTurn().call(call('mcp__legacy__echo', { message: 'over sse' }));
  expect(text(echo)).toContain('Echo: over sse');
});

test('a URL the network policy refuses is failed with the policy’s reason', async () => {
  const server = await everythingHttp('streamableHttp');
  const runtime = mcpRuntime({ mcpServers: { local: { url: server.url } } });
  await runtime.ready();
  const [status] = runtime.mcpStatus();
  expect(status).toMatchObject({ state: 'failed', tools: 0 });
  expect(status!.reason).toContain('127.0.0.1 is a loopback address');
  expect(status!.reason).toContain('network.allowAddresses');

  const restricted = mcpRuntime({
    network: { mode: 'restricted', allow: ['example.com'], allowAddresses: [`127.0.0.1:${server.port}`] },
    mcpServers: { local: { url: server.url } },
  });
  await restricted.ready();
  expect(restricted.mcpStatus()[0]!.reason).toContain('is not on the network allowlist');
});

test('a server that goes away mid-call: the call answers network_error naming it, and handrail reconnects when it is back', async () => {
  const server = await everythingHttp('streamableHttp');
  const runtime = mcpRuntime({
    network: { allowAddresses: [`127.0.0.1:${server.port}`] },
    mcpServers: { web: { url: server.url } },
  });
  await runtime.ready();
  const turn = runtime.beginTurn();
  const inFlight = turn.call(call('mcp__web__trigger-long-running-operation', { duration: 30, steps: 30 }), {
    onUpdate: () => void stopChild(server.child),
  });
  const lost = await inFlight;
  expect(lost.outcome.errorClass).toBe('network_error');
  expect(text(lost)).toContain('MCP server web could not be reached');

  await everythingHttp('streamableHttp', server.port);
  await until(() => runtime.mcpStatus()[0]!.state === 'ready', 'the reconnection');
  expect(runtime.mcpStatus()[0]!.restarts).toBeGreaterThan(0);
  const echo = await runtime.beginTurn().call(call('mcp__web__echo', { message: 'back' }));
  expect(text(echo)).toContain('Echo: back');
});
