// McpSession as a gateway, in-process (an SDK client over an in-memory transport): the first tools/list waits
// for the upstream servers, failures are told to `log`, a changed upstream list keeps the connection's turn
// (and its shell sessions), and closing never waits for a server still starting.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../src/extensions/index.js';
import { McpSession, type SessionOptions } from '../../src/server/index.js';
import { fixtureServer } from '../extensions/mcp/fixtures/servers.js';
import { onCleanup } from '../support/cleanup.js';
import { everythingStdio } from '../support/mcp.js';
import { eventually, processesRunning } from '../support/processes.js';
import { text } from '../support/results.js';
import { tempDir } from '../support/temp.js';
import { until } from '../support/wait.js';
import { sessionId } from '../tools/shell/helpers.js';

/** A session fronting `servers` for a fresh workspace, and an SDK client connected to it. */
async function connect(servers: Record<string, McpServerConfig>, options: SessionOptions = {}) {
  const logged: string[] = [];
  const session = new McpSession({
    root: tempDir('handrail-gateway-session-'),
    store: false,
    runtime: { mcpServers: servers },
    log: (message) => logged.push(message),
    ...options,
  });
  onCleanup(() => session.close());
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await session.connect(serverSide);
  const client = new Client({ name: 'gateway-session-test', version: '1.0.0' }, { capabilities: {} });
  await client.connect(clientSide);
  return { session, client, logged };
}

describe('McpSession in front of MCP servers', () => {
  it("lists the servers' tools from the first tools/list, and tells log which server failed", async () => {
    const { client, logged } = await connect({
      everything: everythingStdio(),
      broken: { command: '/nonexistent/mcp-server' },
    });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['read_file', 'mcp__everything__echo']));
    expect(logged).toEqual([expect.stringMatching(/^mcp server broken failed: .*\/nonexistent\/mcp-server/)]);
  });

  it('a changed upstream list reaches the client in the same turn: a shell session started before it still answers', async () => {
    const { client } = await connect({ lc: fixtureServer('list-changed') }, { profile: 'full_access' });
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++;
    });
    const shell = await client.callTool({
      name: 'exec_command',
      arguments: { cmd: 'cat', tty: true, yield_time_ms: 250 },
    });
    const id = sessionId(text(shell));

    expect((await client.callTool({ name: 'mcp__lc__change', arguments: {} })).isError).toBe(false);
    await until(() => changed > 0, 'notifications/tools/list_changed');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('mcp__lc__added');
    expect(names).not.toContain('mcp__lc__doomed');
    expect(text(await client.callTool({ name: 'mcp__lc__added', arguments: {} }))).toContain('added answers');

    const echoed = await client.callTool({
      name: 'write_stdin',
      arguments: { session_id: id, chars: 'still here\n', yield_time_ms: 500 },
    });
    expect(echoed.isError, text(echoed)).toBe(false);
    expect(text(echoed)).toContain('still here');
  });

  it('closing does not wait for a server that never finishes starting; it is stopped', async () => {
    const marker = `handrail-silent-${process.pid}-${Date.now()}`;
    const { session, client } = await connect({
      silent: {
        command: process.execPath,
        args: ['-e', 'setInterval(() => {}, 1 << 30)', marker],
        timeoutMs: 600_000,
      },
    });
    // The first tools/list waits for the server, which never answers its initialize.
    const listing = client.listTools().catch((error: Error) => error);
    await until(() => processesRunning(marker).length > 0, 'the silent server to start');
    await session.close();
    expect(await listing).toBeInstanceOf(Error);
    expect(await eventually(() => processesRunning(marker).length === 0, 250)).toBe(true);
  });
});
