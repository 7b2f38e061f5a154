// Attacks on approvals over MCP elicitation, against in-process HTTP servers on 127.0.0.1.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/server/http.js';
import { onCleanup } from '../support/cleanup.js';
import { tempDir } from '../support/temp.js';
import { httpClient } from './helpers.js';

async function start() {
  const dir = tempDir('handrail-serve-');
  const server = await serveHttp({ root: dir, sandbox: 'none', store: false, port: 0 });
  onCleanup(() => server.close());
  return { server, dir };
}

const ELICIT = { caps: { capabilities: { elicitation: { form: {} } } } };

describe('approvals over elicitation', () => {
  it('the form shows the end of a long command, where a padded "; rm" would hide', async () => {
    const { server, dir } = await start();
    const { client } = await httpClient(server.url, ELICIT);
    onCleanup(() => client.close());
    const messages: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      messages.push(String(request.params.message));
      return { action: 'decline' };
    });
    // Padding with newlines pushes the tail thousands of lines below the headline, and past the preview's cut.
    const cmd = `echo harmless${'\n'.repeat(20_000)}touch pwned`;
    const result = await client.callTool({ name: 'exec_command', arguments: { cmd } });
    expect(result.isError).toBe(true);
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.split('\n')[0]).toContain('touch pwned');
    expect(message.length).toBeLessThan(6_000);
    expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
  });

  it('another session cannot answer a pending elicitation by its request id', async () => {
    const { server, dir } = await start();
    const victim = await httpClient(server.url, ELICIT);
    onCleanup(() => victim.client.close());
    let release!: (answer: { action: 'decline' }) => void;
    const asked = new Promise<string | number>((resolve) => {
      victim.client.setRequestHandler(ElicitRequestSchema, async (_request, extra) => {
        resolve(extra.requestId);
        return new Promise((r) => {
          release = r;
        });
      });
    });
    const call = victim.client.callTool({ name: 'exec_command', arguments: { cmd: 'touch pwned' } });
    const id = await asked;

    // The attacker opens its own session and posts an "allow" answer carrying the victim's request id.
    const attacker = await httpClient(server.url, ELICIT);
    onCleanup(() => attacker.client.close());
    await attacker.transport.send({
      jsonrpc: '2.0',
      id,
      result: { action: 'accept', content: { decision: 'allow_for_session' } },
    });
    release({ action: 'decline' });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
  });
});
