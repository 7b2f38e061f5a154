// handrail as a gateway: an SDK client connected to `handrail serve --mcp-config FILE` reaches a real upstream
// server (@modelcontextprotocol/server-filesystem from npm) through handrail's policy, its approvals (the
// client's elicitation), the OS sandbox (the default one) and its log. Real processes, no mocks of MCP.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ElicitRequestSchema,
  type ElicitResult,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../extensions/mcp/fixtures/servers.js';
import { onCleanup } from '../support/cleanup.js';
import { FILESYSTEM, mcpWorkspace } from '../support/mcp.js';
import { eventually, processesRunning } from '../support/processes.js';
import { cliBin } from '../support/repo.js';
import { text } from '../support/results.js';
import { until } from '../support/wait.js';

const built = existsSync(cliBin);
/** A workspace, a home with no configuration, and a client-format file naming `servers`. */
const setup = (servers: (ws: string) => Record<string, unknown>) => mcpWorkspace({ servers });

const filesystem = (ws: string) => ({ fs: { command: process.execPath, args: [FILESYSTEM, ws] } });

/**
 * An SDK client (with elicitation: `answer` says what the user answers) connected over stdio to
 * `handrail serve --root WS --mcp-config FILE ...extra`, closed after the test.
 */
async function gateway(
  env: ReturnType<typeof setup>,
  extra: string[] = [],
  answer: () => ElicitResult = () => ({ action: 'decline' }),
) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliBin, 'serve', '--root', env.ws, '--mcp-config', env.config, ...extra],
    stderr: 'pipe',
    env: env.env,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client(
    { name: 'handrail-gateway-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return answer();
  });
  await client.connect(transport);
  onCleanup(() => client.close());
  return { client, asked, stderr: () => stderr };
}

/** `handrail log --json` for the workspace: one event per line. */
function logEvents(
  ws: string,
  home: string,
): Array<{ type: string; callId?: string; payload: Record<string, unknown> }> {
  const out = execFileSync(process.execPath, [cliBin, 'log', '--root', ws, '--json'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home },
  });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe.skipIf(!built)(
  `handrail serve --mcp-config in front of server-filesystem${built ? '' : ' — run "npm run build" first'}`,
  () => {
    it('offers the upstream tools under handrail names, beside its own, with hints it believes', async () => {
      const env = setup(filesystem);
      const { client } = await gateway(env);
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect([...byName.keys()]).toEqual(
        expect.arrayContaining(['read_file', 'mcp__fs__write_file', 'mcp__fs__read_text_file']),
      );
      // The server calls read_text_file read-only, but nobody said to believe it: handrail will ask.
      expect(byName.get('mcp__fs__read_text_file')!.annotations).toMatchObject({ readOnlyHint: false });
      expect(byName.get('mcp__fs__write_file')!.description).toMatch(/^\[mcp server fs\] /);
    });

    it('a write asks the client; declined, nothing is written and the model reads that it was denied', async () => {
      const env = setup(filesystem);
      const { client, asked } = await gateway(env, [], () => ({ action: 'decline' }));
      const file = path.join(env.ws, 'notes.txt');
      const result = await client.callTool({
        name: 'mcp__fs__write_file',
        arguments: { path: file, content: 'from the gateway' },
      });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('mcp__fs__write_file');
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/denied/);
      expect(existsSync(file)).toBe(false);
    });

    it('accepted, the upstream server writes the file (in the default sandbox), and the call is in the log', async () => {
      const env = setup(filesystem);
      const { client, asked } = await gateway(env, [], () => ({
        action: 'accept',
        content: { decision: 'allow_once' },
      }));
      const file = path.join(env.ws, 'notes.txt');
      const result = await client.callTool({
        name: 'mcp__fs__write_file',
        arguments: { path: file, content: 'from the gateway' },
      });
      expect(asked).toHaveLength(1);
      expect(result.isError).toBe(false);
      expect(text(result)).toContain('Successfully wrote');
      expect(readFileSync(file, 'utf8')).toBe('from the gateway');
      await client.close();

      const events = logEvents(env.ws, env.home);
      const started = events.filter(
        (e) => e.type === 'tool/call/started' && e.payload.name === 'mcp__fs__write_file',
      );
      expect(started).toHaveLength(1);
      const callId = started[0]!.callId;
      const ofCall = events.filter((e) => e.callId === callId).map((e) => e.type);
      expect(ofCall).toEqual(
        expect.arrayContaining([
          'turn/permission/request/opened',
          'turn/permission/request/resolved',
          'tool/call/completed',
        ]),
      );
      const decided = events.find((e) => e.callId === callId && e.type === 'turn/permission/decided');
      expect(decided?.payload).toMatchObject({ action: 'mcp_write_or_unknown', behavior: 'allow' });
    });

    it('a server that cannot start is reported on stderr; the others still serve', async () => {
      const env = setup((ws) => ({ ...filesystem(ws), broken: { command: '/nonexistent/mcp-server' } }));
      const { client, stderr } = await gateway(env);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('mcp__fs__read_text_file');
      expect(names.some((n) => n.startsWith('mcp__broken__'))).toBe(false);
      expect(stderr()).toMatch(/handrail serve: mcp server broken failed: .*\/nonexistent\/mcp-server/);
    });

    it('closing the client stops the upstream server: no process is left', async () => {
      const env = setup(filesystem);
      const { client } = await gateway(env);
      await client.listTools();
      expect(processesRunning(env.ws).some((p) => p.cmdline.includes(FILESYSTEM))).toBe(true);
      await client.close();
      expect(await eventually(() => processesRunning(env.ws).length === 0, 250)).toBe(true);
    });
  },
);

describe.skipIf(!built)('an upstream tool list that changes', () => {
  it('reaches the client as notifications/tools/list_changed, and the next list and calls follow it', async () => {
    const env = setup(() => ({ lc: fixtureServer('list-changed') }));
    const { client } = await gateway(env, ['--profile', 'full_access']);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++;
    });
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).toEqual(expect.arrayContaining(['mcp__lc__doomed', 'mcp__lc__change']));
    expect(before).not.toContain('mcp__lc__added');

    const change = await client.callTool({ name: 'mcp__lc__change', arguments: {} });
    expect(change.isError).toBe(false);
    await until(() => changed > 0, 'notifications/tools/list_changed from handrail');

    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(after).toContain('mcp__lc__added');
    expect(after).not.toContain('mcp__lc__doomed');
    const added = await client.callTool({ name: 'mcp__lc__added', arguments: {} });
    expect(text(added)).toContain('added answers');
    const gone = await client.callTool({ name: 'mcp__lc__doomed', arguments: {} });
    expect(gone.isError).toBe(true);
    expect(gone._meta).toMatchObject({ 'handrail/outcome': { errorClass: 'unknown_tool' } });
  });
});
