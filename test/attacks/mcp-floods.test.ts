// A server that floods its client cannot make handrail hold unbounded data or pass it on: an endless line on
// stdout ends the connection with a reason, a huge answer reaches the model cut (the rest retrievable), and
// a flood on stderr is kept only as a short tail in the failure reason. The runtime serves on throughout.
import { describe, expect, test } from 'vitest';
import { everythingServer, fixtureServer, mcpRuntime, statusOf } from '../extensions/mcp/fixtures/servers.js';
import { text } from '../support/results.js';
import { call } from '../support/runtime.js';

const KiB = 1024;

async function floodRuntime() {
  const runtime = mcpRuntime(
    { floods: fixtureServer('floods', [], { timeoutMs: 20_000 }), everything: everythingServer },
    { sandbox: 'none' },
  );
  await runtime.ready();
  expect(statusOf(runtime, 'floods').state).toBe('ready');
  return runtime;
}

async function stillServing(runtime: Awaited<ReturnType<typeof floodRuntime>>) {
  const echo = await runtime.beginTurn().call(call('mcp__everything__echo', { message: 'after the flood' }));
  expect(text(echo)).toContain('after the flood');
}

describe('a flooding MCP server', () => {
  test('an endless line on stdout ends the call with an error naming the server, not a bigger buffer', async () => {
    const runtime = await floodRuntime();
    const result = await runtime.beginTurn().call(call('mcp__floods__endless_line', {}));
    expect(result.isError).toBe(true);
    expect(['io_error', 'network_error']).toContain(result.outcome.errorClass);
    expect(text(result)).toContain('floods');
    expect(text(result).length).toBeLessThan(16 * KiB);
    await stillServing(runtime);
  });

  test('a 4 MiB answer reaches the model cut, with a marker, the end still there', async () => {
    const runtime = await floodRuntime();
    const result = await runtime.beginTurn().call(call('mcp__floods__huge_answer', {}));
    const seen = text(result);
    expect(seen.length).toBeLessThan(64 * KiB);
    expect(seen).toContain('line of a huge answer');
    expect(seen).toContain('the end');
    expect(result.outcome.status).toBe('partial');
  });

  test('a stderr flood before dying leaves only a short tail in the reason', async () => {
    const runtime = await floodRuntime();
    const result = await runtime.beginTurn().call(call('mcp__floods__stderr_flood', {}));
    expect(result.isError).toBe(true);
    expect(text(result).length).toBeLessThan(16 * KiB);
    expect(text(result)).toContain('last words');
    expect(statusOf(runtime, 'floods').reason?.length ?? 0).toBeLessThan(16 * KiB);
    await stillServing(runtime);
  });
});
