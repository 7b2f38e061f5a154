import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { onCleanup } from '../support/cleanup.js';
import { cliBin } from '../support/repo.js';
import { text } from '../support/results.js';
import { built, httpClient, httpServer, notBuilt, tempWorkspace } from './helpers.js';

async function start(files: Record<string, string>, extra: string[] = [], env: Record<string, string> = {}) {
  const ws = tempWorkspace(files);
  const server = await httpServer(ws, extra, env);
  onCleanup(server.stop);
  return { ...server, dir: ws };
}

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body });
  return { status: response.status, text: await response.text() };
}

describe.skipIf(!built)(`handrail serve --http (Streamable HTTP)${built ? '' : ` — ${notBuilt}`}`, () => {
  it('serves the SDK client at /mcp: list, read_file, exec_command, apply_patch', async () => {
    const { url, dir } = await start({ 'a.txt': 'over http\n' }, ['--profile', 'full_access']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client } = await httpClient(url);
    onCleanup(() => client.close());
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['read_file', 'exec_command', 'apply_patch']));
    expect(text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }))).toContain(
      'over http',
    );
    const exec = await client.callTool({ name: 'exec_command', arguments: { cmd: 'echo $((6*7))' } });
    expect(text(exec)).toContain('42');
    const patch = await client.callTool({
      name: 'apply_patch',
      arguments: { patch: '*** Begin Patch\n*** Add File: b.txt\n+made over http\n*** End Patch' },
    });
    expect(patch.isError).toBe(false);
    expect(existsSync(path.join(dir, 'b.txt'))).toBe(true);
  });

  it('answers an elicitation on the call’s own stream', async () => {
    const { url, dir } = await start({});
    const { client } = await httpClient(url, { caps: { capabilities: { elicitation: {} } } });
    onCleanup(() => client.close());
    let asked = 0;
    client.setRequestHandler(ElicitRequestSchema, async () => {
      asked++;
      return { action: 'accept', content: { decision: 'allow_once' } };
    });
    const result = await client.callTool({ name: 'write_file', arguments: { path: 'w.txt', content: 'ok' } });
    expect(result.isError).toBe(false);
    expect(asked).toBe(1);
    expect(existsSync(path.join(dir, 'w.txt'))).toBe(true);
  });

  it('malformed JSON, non-JSON-RPC bodies, unknown sessions and other paths get clean errors; serving goes on', async () => {
    const { url } = await start({ 'a.txt': 'still here' });
    const bad = await post(url, '{"jsonrpc": "2.0", "method": ');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });

    const notRpc = await post(url, JSON.stringify({ hello: 'world' }));
    expect(notRpc.status).toBe(400);
    expect(JSON.parse(notRpc.text).error.message).toMatch(/initialize/);

    const lost = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      'Mcp-Session-Id': 'no-such-session',
    });
    expect(lost.status).toBe(404);

    const elsewhere = await fetch(url.replace('/mcp', '/admin'));
    expect(elsewhere.status).toBe(404);

    // An initialized session that then sends garbage still works afterwards.
    const { client, transport } = await httpClient(url);
    onCleanup(() => client.close());
    const garbage = await post(url, '][', { 'Mcp-Session-Id': transport.sessionId! });
    expect(garbage.status).toBe(400);
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/Unknown tool/);
    expect(text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }))).toContain(
      'still here',
    );
  });

  it('a loopback bind refuses foreign Host and Origin headers (DNS rebinding)', async () => {
    const { url } = await start({});
    const port = new URL(url).port;
    // fetch will not let us set Host; a raw request can.
    const http = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { ...ACCEPT, ...headers } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(INIT));
      });
    expect(await status({ Host: `evil.example:${port}` })).toBe(403);
    expect(await status({ Origin: 'https://evil.example' })).toBe(403);
    expect(await status({ Origin: `http://localhost:${port}` })).toBe(200);
  });

  it('a non-loopback bind needs a token; a wrong or missing token is 401 and the right one works', async () => {
    const ws = tempWorkspace({ 'a.txt': 'secret-free' });
    const refused = spawnSync(process.execPath, [cliBin, 'serve', '--root', ws, '--http', '0.0.0.0:0'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: ws },
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('without a token');
    expect(refused.stderr).toContain('--token');

    const token = 'correct horse battery staple';
    const server = await httpServer(ws, ['--http', '0.0.0.0:0'], { HANDRAIL_TOKEN: token });
    onCleanup(server.stop);
    const url = server.url.replace('0.0.0.0', '127.0.0.1');
    expect((await post(url, JSON.stringify(INIT))).status).toBe(401);
    const wrong = await post(url, JSON.stringify(INIT), {
      Authorization: 'Bearer correct horse battery stapler',
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text).error.message).toMatch(/token/);
    expect((await post(url, JSON.stringify(INIT), { Authorization: 'Basic abc' })).status).toBe(401);

    const { client } = await httpClient(url, { token });
    onCleanup(() => client.close());
    expect(text(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }))).toContain(
      'secret-free',
    );
  });
});
