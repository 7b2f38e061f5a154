// Stdio servers run as commands do, inside the real OS sandbox (bwrap): their own program files readable, the
// workspace theirs, the rest of the host and the network out of reach — whatever the server tries.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { everythingStdio, mcpRuntime } from '../../support/mcp.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { tempDir } from '../../support/temp.js';
import { ownedTempDir } from '../../support/users.js';

const READER = path.join(import.meta.dirname, 'servers', 'reader.mjs');

describe.skipIf(!bwrapReady)('under bwrap', () => {
  test('server-everything starts from node_modules outside the workspace and serves; its HOME is its own', async () => {
    const runtime = mcpRuntime({
      workspace: ownedTempDir(),
      sandbox: 'bwrap',
      mcpServers: { everything: everythingStdio() },
    });
    await runtime.ready();
    expect(runtime.mcpStatus()[0]).toMatchObject({ state: 'ready', sandbox: { backend: 'bwrap' } });
    const turn = runtime.beginTurn();
    expect(text(await turn.call(call('mcp__everything__echo', { message: 'boxed' })))).toContain(
      'Echo: boxed',
    );
    const env = JSON.parse(
      text(await turn.call(call('mcp__everything__get-env', {})))
        .split('\n')
        .slice(1, -1)
        .join('\n'),
    );
    expect(env.HOME).not.toBe(process.env.HOME);
  });

  test('a server reads and writes the workspace, but not the host outside it, and has no network', async () => {
    const workspace = ownedTempDir();
    writeFileSync(path.join(workspace, 'inside.txt'), 'inside text');
    const outside = tempDir('handrail-outside-');
    writeFileSync(path.join(outside, 'secret.txt'), 'host secret');
    const listener = http.createServer((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const runtime = mcpRuntime({
        workspace,
        sandbox: 'bwrap',
        mcpServers: { box: { command: process.execPath, args: [READER] } },
      });
      await runtime.ready();
      expect(runtime.mcpStatus()[0]).toMatchObject({ state: 'ready' });
      const turn = runtime.beginTurn();
      const run = async (tool: string, args: Record<string, unknown>) =>
        text(await turn.call(call(`mcp__box__${tool}`, args))).split('\n')[1];
      expect(await run('read', { path: path.join(workspace, 'inside.txt') })).toBe('ok: inside text');
      expect(await run('write', { path: path.join(workspace, 'made.txt'), text: 'made' })).toBe(
        'ok: written',
      );
      expect(readFileSync(path.join(workspace, 'made.txt'), 'utf8')).toBe('made');
      expect(await run('read', { path: path.join(outside, 'secret.txt') })).toMatch(
        /^failed: (ENOENT|EACCES)/,
      );
      expect(await run('write', { path: path.join(outside, 'planted.txt'), text: 'x' })).toMatch(/^failed: /);
      expect(await run('fetch', { url: `http://127.0.0.1:${port}/` })).toMatch(/^failed: /);
    } finally {
      listener.close();
    }
  });

  test('the same server without a sandbox reaches all of it (what the sandbox takes away)', async () => {
    const outside = tempDir('handrail-outside-');
    mkdirSync(path.join(outside, 'd'));
    writeFileSync(path.join(outside, 'd', 'secret.txt'), 'host secret');
    const runtime = mcpRuntime({
      sandbox: 'none',
      mcpServers: { box: { command: process.execPath, args: [READER] } },
    });
    await runtime.ready();
    expect(runtime.mcpStatus()[0]).toMatchObject({ sandbox: { backend: 'none' } });
    const read = await runtime
      .beginTurn()
      .call(call('mcp__box__read', { path: path.join(outside, 'd', 'secret.txt') }));
    expect(text(read)).toContain('ok: host secret');
  });
});
