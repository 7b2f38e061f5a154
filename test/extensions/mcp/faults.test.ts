// Upstream MCP servers that misbehave: killed mid-call, silent, dead at start, sending garbage, leaving
// children behind (a tool list that changes is list-changed.test.ts's). Each fault is a result the model can
// act on (naming the server), the runtime keeps serving its other tools, crashed stdio servers are restarted
// (and given up on when they keep failing), and no process outlives the runtime. Real server processes, on
// each sandbox backend available.
import { afterAll, describe, expect, test } from 'vitest';
import { defineTool, type ToolResult, type Turn } from '../../../src/index.js';
import { eventually, processesRunning, uniqueSleep } from '../../support/processes.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { ownedTempDir } from '../../support/users.js';
import { until } from '../../support/wait.js';
import {
  everythingServer,
  fixtureServer,
  type McpRuntime,
  mcpRuntime,
  RUN_TAG,
  statusOf,
} from './fixtures/servers.js';

const backends = [['none'] as const, ...(bwrapReady ? [['bwrap'] as const] : [])];

/** The owner's own tool: it must keep answering whatever the MCP servers do. */
const ping = defineTool({
  name: 'ping',
  description: 'Answers pong.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
  execute: () => 'pong',
});

/** The runtime still serves: the owner's tool and a healthy server's tool answer in a fresh turn. */
async function expectStillServing(runtime: McpRuntime): Promise<void> {
  const turn = runtime.beginTurn();
  const pong = await turn.call(call('ping', {}));
  expect(pong.isError).toBe(false);
  expect(text(pong)).toContain('pong');
  const echo = await turn.call(call('mcp__everything__echo', { message: 'still here' }));
  expect(echo.isError, text(echo)).toBe(false);
  expect(text(echo)).toContain('still here');
}

/** Call in fresh turns until the call succeeds or `limitMs` passes; returns the last result. */
async function retryUntilOk(
  runtime: McpRuntime,
  name: string,
  args: Record<string, unknown>,
  limitMs = 20_000,
): Promise<ToolResult> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const turn: Turn = runtime.beginTurn();
    const result = await turn.call(call(name, args));
    await turn.end();
    if (!result.isError || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The fixture servers this file started that are still running. */
function fixtureProcesses() {
  return processesRunning(RUN_TAG);
}

/** This file's running processes of one fixture script. */
function ours(script: string) {
  return fixtureProcesses().filter((p) => p.cmdline.includes(script));
}

afterAll(async () => {
  // Every runtime of this file is closed by now: nothing it started may survive it.
  expect(
    await eventually(() => fixtureProcesses().length === 0, 250),
    JSON.stringify(fixtureProcesses()),
  ).toBe(true);
});

describe.each(backends)('faults are results (sandbox %s)', (sandbox) => {
  /** A runtime with the owner's `ping`, a healthy `everything` server, and `servers` beside them. */
  function runtimeWith(
    servers: Parameters<typeof mcpRuntime>[0],
    workspace = ownedTempDir('handrail-mcp-faults-'),
  ) {
    return mcpRuntime({ everything: everythingServer, ...servers }, { sandbox, tools: [ping], workspace });
  }

  test('a server killed mid-call: the call answers a network or I/O error naming it, and it is restarted', async () => {
    const runtime = runtimeWith({ crashy: fixtureServer('crash-mid-call') });
    await runtime.ready();
    expect(statusOf(runtime, 'crashy')).toMatchObject({ state: 'ready', tools: 2, restarts: 0 });

    const result = await runtime.beginTurn().call(call('mcp__crashy__boom', {}));
    expect(result.isError).toBe(true);
    expect(['network_error', 'io_error']).toContain(result.outcome.errorClass);
    expect(result.outcome.hint).toBeTruthy();
    expect(text(result)).toContain('crashy');

    await expectStillServing(runtime);
    const again = await retryUntilOk(runtime, 'mcp__crashy__echo', { message: 'back' });
    expect(again.isError, text(again)).toBe(false);
    expect(text(again)).toContain('echo: back');
    expect(statusOf(runtime, 'crashy')).toMatchObject({ state: 'ready' });
    expect(statusOf(runtime, 'crashy').restarts).toBeGreaterThan(0);
  });

  test('a server that keeps failing after a crash ends failed, and its tools answer with the reason', async () => {
    // The server marks its first start in the workspace (the one place a sandboxed server may write).
    const workspace = ownedTempDir('handrail-mcp-faults-');
    const runtime = runtimeWith(
      { crashy: fixtureServer('crash-mid-call', ['--once', workspace]) },
      workspace,
    );
    await runtime.ready();
    const crash = await runtime.beginTurn().call(call('mcp__crashy__boom', {}));
    expect(crash.isError).toBe(true);

    await until(() => statusOf(runtime, 'crashy').state === 'failed', 'the server to be given up on', 60_000);
    const status = statusOf(runtime, 'crashy');
    expect(status.restarts).toBeGreaterThan(0);
    expect(status.reason).toContain('fatal: already started once');

    const result = await runtime.beginTurn().call(call('mcp__crashy__echo', { message: 'anyone?' }));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('crashy');
    expect(text(result)).toContain('fatal: already started once');
    await expectStillServing(runtime);
  }, 90_000);

  test('a server that never answers initialize fails with a timeout; ready() still resolves', async () => {
    const runtime = runtimeWith({ silent: fixtureServer('never-answers', [], { timeoutMs: 1_000 }) });
    await runtime.ready();
    const status = statusOf(runtime, 'silent');
    expect(status.state).toBe('failed');
    expect(status.tools).toBe(0);
    expect(status.reason).toMatch(/did not answer|timed? ?out/i);
    await expectStillServing(runtime);
    await runtime.close();
    expect(await eventually(() => ours('never-answers.mjs').length === 0, 250)).toBe(true);
  });

  test('a call a server never answers times out, naming the server, and the server keeps serving', async () => {
    const runtime = runtimeWith({
      stuck: fixtureServer('never-answers', ['--after-init'], { timeoutMs: 1_000 }),
    });
    await runtime.ready();
    expect(statusOf(runtime, 'stuck').state).toBe('ready');
    const result = await runtime.beginTurn().call(call('mcp__stuck__wait', {}));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('timeout');
    expect(text(result)).toContain('stuck');
    await expectStillServing(runtime);
    const hello = await retryUntilOk(runtime, 'mcp__stuck__hello', {});
    expect(text(hello)).toContain('hello');
  });

  test('a server that exits at start is failed with its stderr; the runtime serves the rest', async () => {
    const runtime = runtimeWith({ broken: fixtureServer('exits-at-start') });
    await runtime.ready();
    const status = statusOf(runtime, 'broken');
    expect(status.state).toBe('failed');
    expect(status.tools).toBe(0);
    expect(status.reason).toContain('fatal: missing config');
    await expectStillServing(runtime);
    const result = await runtime.beginTurn().call(call('mcp__broken__anything', {}));
    expect(result.outcome.errorClass).toBe('unknown_tool');
  });

  test('a server that sends garbage gives the call a clean error naming it; the runtime keeps serving', async () => {
    const runtime = runtimeWith({ garbled: fixtureServer('malformed', [], { timeoutMs: 2_000 }) });
    await runtime.ready();
    const result = await runtime.beginTurn().call(call('mcp__garbled__garble', {}));
    expect(result.isError).toBe(true);
    expect(['io_error', 'network_error', 'timeout']).toContain(result.outcome.errorClass);
    expect(text(result)).toContain('garbled');
    await expectStillServing(runtime);
    const hello = await retryUntilOk(runtime, 'mcp__garbled__hello', {});
    expect(text(hello)).toContain('hello');
  });
});

describe.each(backends)('no process outlives its server (sandbox %s)', (sandbox) => {
  function childRuntime(seconds: string) {
    return mcpRuntime(
      { kids: fixtureServer('spawns-child', [seconds]) },
      { sandbox, workspace: ownedTempDir('handrail-mcp-kids-') },
    );
  }

  test('closing the runtime ends the server and its child', async () => {
    const seconds = uniqueSleep();
    const runtime = childRuntime(seconds);
    await runtime.ready();
    expect(statusOf(runtime, 'kids').state).toBe('ready');
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 1, 250)).toBe(true);
    await runtime.close();
    expect(statusOf(runtime, 'kids').state).toBe('closed');
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 0, 250)).toBe(true);
    expect(await eventually(() => ours('spawns-child.mjs').length === 0, 250)).toBe(true);
  });

  test('a server that crashes leaves no child behind, and closing ends its replacement', async () => {
    const seconds = uniqueSleep();
    const runtime = childRuntime(seconds);
    await runtime.ready();
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 1, 250)).toBe(true);
    const first = processesRunning(`sleep ${seconds}`).map((p) => p.pid);

    const result = await runtime.beginTurn().call(call('mcp__kids__crash', {}));
    expect(result.isError).toBe(true);
    const stillThere = () => processesRunning(`sleep ${seconds}`).filter((p) => first.includes(p.pid));
    expect(await eventually(() => stillThere().length === 0, 250), JSON.stringify(stillThere())).toBe(true);

    await runtime.close();
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 0, 250)).toBe(true);
  });
});
