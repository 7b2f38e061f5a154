// McpSession as a gateway, in-process (an SDK client over an in-memory transport): the first tools/list waits
// for the upstream servers, failures are told to `log`, and closing never waits for a server still starting.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../src/extensions/index.js';
import { McpSession } from '../../src/server/index.js';
import { onCleanup } from '../support/cleanup.js';
import { eventually } from '../support/processes.js';
import { tempDir } from '../support/temp.js';
import { until } from '../support/wait.js';

const require = createRequire(import.meta.url);
const EVERYTHING_BIN = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** A session fronting `servers` for a fresh workspace, and an SDK client connected to it. */
async function connect(servers: Record<string, McpServerConfig>) {
  const logged: string[] = [];
  const session = new McpSession({
    root: tempDir('handrail-gateway-session-'),
    store: false,
    runtime: { mcpServers: servers },
    log: (message) => logged.push(message),
  });
  onCleanup(() => session.close());
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await session.connect(serverSide);
  const client = new Client({ name: 'gateway-session-test', version: '1.0.0' }, { capabilities: {} });
  await client.connect(clientSide);
  return { session, client, logged };
}

function processesNaming(marker: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' }).stdout;
  return ps.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

describe('McpSession in front of MCP servers', () => {
  it("lists the servers' tools from the first tools/list, and tells log which server failed", async () => {
    const { client, logged } = await connect({
      everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] },
      broken: { command: '/nonexistent/mcp-server' },
    });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['read_file', 'mcp__everything__echo']));
    expect(logged).toEqual([expect.stringMatching(/^mcp server broken failed: .*\/nonexistent\/mcp-server/)]);
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
    await until(() => processesNaming(marker).length > 0, 'the silent server to start');
    await session.close();
    expect(await listing).toBeInstanceOf(Error);
    expect(await eventually(() => processesNaming(marker).length === 0, 250)).toBe(true);
  });
});
