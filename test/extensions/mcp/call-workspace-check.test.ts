// A stdio server is a long-lived sandboxed process: after each of its answers to tools/call, and before that
// answer is handed on, the sandbox looks at what it left in the workspace and removes what git on the host
// would run (see PlannedProcess.audit); its notes wait on the transport. Real bwrap, a real SDK client.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { type LaunchProcess, ProcessTransport } from '../../../src/extensions/mcp/stdio-transport.js';
import { programReadPaths, spawnPlanned } from '../../../src/sandbox/index.js';
import { bwrapBackend, plan, workspace } from '../../sandbox/process/helpers.js';
import { onCleanup } from '../../support/cleanup.js';
import { bwrapReady } from '../../support/sandbox.js';
import { until } from '../../support/wait.js';

const SHELL = path.join(import.meta.dirname, 'servers', 'shell.mjs');

const NESTED_REPO = [
  'mkdir -p sub/.git/hooks sub/.git/objects sub/.git/refs',
  'printf "ref: refs/heads/main\\n" > sub/.git/HEAD',
  'printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n" > sub/.git/config',
  'printf "#!/bin/sh\\ntouch /tmp/pwned\\n" > sub/.git/hooks/post-checkout',
  'chmod +x sub/.git/hooks/post-checkout',
].join(' && ');

/** The shell server in `ws`, under bwrap, as the MCP extension starts one (its program files readable). */
function launcher(ws: string): LaunchProcess {
  return async (output) => {
    const argv = [process.execPath, SHELL];
    const program = await programReadPaths(argv, { cwd: ws, path: process.env.PATH ?? '' });
    const planned = await plan(
      ws,
      { argv, lifetime: 'service', stdin: 'pipe' },
      { backend: await bwrapBackend(), readPaths: program.paths },
    );
    if (!planned.ok) throw new Error(planned.message);
    return { process: spawnPlanned(planned.plan, output), sandbox: planned.plan.sandbox };
  };
}

async function connect(ws: string) {
  const transport = new ProcessTransport('shell', launcher(ws));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  onCleanup(() => client.close());
  const sh = (cmd: string) => client.callTool({ name: 'sh', arguments: { cmd } });
  return { transport, client, sh };
}

/** The sandbox's notes an answer carries (handrail's own key in `_meta`). */
const notesOf = (answer: { _meta?: Record<string, unknown> }) =>
  (answer._meta?.['handrail/sandboxNotes'] as string[] | undefined) ?? [];

const hasFsmonitor = (ws: string) => {
  const config = path.join(ws, 'sub/.git/config');
  return existsSync(config) && readFileSync(config, 'utf8').includes('fsmonitor');
};

describe.skipIf(!bwrapReady)('a stdio server under bwrap, looked at after each call', () => {
  test('its answer is handed on only once what it left for git to run is gone, and the notes are ready', async () => {
    const ws = workspace();
    const { transport, sh } = await connect(ws);
    // What the workspace holds at the moment the SDK receives the answer.
    const seen: string[] = [];
    const hand = transport.onmessage!;
    transport.onmessage = (message: JSONRPCMessage) => {
      if ('result' in message) {
        seen.push(hasFsmonitor(ws) ? 'fsmonitor' : 'clean');
        seen.push(existsSync(path.join(ws, 'sub/.git/hooks/post-checkout')) ? 'hook' : 'no hook');
      }
      hand(message);
    };
    const answer = await sh(NESTED_REPO);
    expect(seen).toEqual(['clean', 'no hook']);
    // The notes travel with the answer they belong to (so concurrent calls cannot take each other's).
    const notes = notesOf(answer).join('\n');
    expect(notes).toMatch(/Removed git settings.*core\.fsmonitor=touch \/tmp\/pwned in sub\/\.git\/config/);
    expect(notes).toMatch(/Removed git hooks.*sub\/\.git\/hooks\/post-checkout/);
    expect(transport.takeNotes()).toEqual([]);
    // A call that changes nothing has nothing to tell.
    expect(notesOf(await sh('true'))).toEqual([]);
  });

  test('what it does after answering is caught by the next call', async () => {
    const ws = workspace();
    const { client, transport, sh } = await connect(ws);
    await client.callTool({ name: 'later', arguments: { cmd: NESTED_REPO } });
    await until(() => hasFsmonitor(ws), 'the server to write its repository after answering');
    const next = await sh('true');
    expect(hasFsmonitor(ws)).toBe(false);
    expect(notesOf(next).join('\n')).toMatch(/Removed git settings.*core\.fsmonitor/);
    expect(transport.takeNotes()).toEqual([]);
  });

  test('when it exits, the last look is in its close reason and in the notes', async () => {
    const ws = workspace();
    const { client, transport } = await connect(ws);
    let closed = false;
    client.onclose = () => {
      closed = true;
    };
    await client.callTool({ name: 'later', arguments: { cmd: NESTED_REPO, exit: true } });
    await until(() => closed, 'the server to exit');
    expect(hasFsmonitor(ws)).toBe(false);
    expect(transport.closeReason).toMatch(
      /^MCP server shell exited with status 3; then handrail found: .*Removed git settings.*core\.fsmonitor/,
    );
    expect(transport.takeNotes().join('\n')).toMatch(/Removed git hooks.*post-checkout/);
  });
});
