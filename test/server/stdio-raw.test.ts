// The stdio wire itself, without an SDK client: garbage lines get JSON-RPC errors and the server reads on;
// closing stdin ends the session and kills what it started.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { onCleanup } from '../support/cleanup.js';
import { eventually, processesRunning, uniqueSleep } from '../support/processes.js';
import { cliBin } from '../support/repo.js';
import { built, notBuilt, tempWorkspace } from './helpers.js';

function serve(extra: string[] = []) {
  const ws = tempWorkspace({ 'a.txt': 'raw\n' });
  const child = spawn(process.execPath, [cliBin, 'serve', '--root', ws, '--sandbox', 'none', ...extra], {
    env: { PATH: process.env.PATH ?? '', HOME: ws },
  });
  onCleanup(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      lines.push(JSON.parse(buffer.slice(0, newline)));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  });
  const send = (message: unknown) =>
    child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  const waitFor = async (check: (m: Record<string, unknown>) => boolean) => {
    const found = await eventually(() => lines.some(check), 500);
    if (!found) throw new Error(`no such message; got ${JSON.stringify(lines)}`);
    return lines.find(check)!;
  };
  return { child, send, waitFor, lines };
}

async function initialize(s: ReturnType<typeof serve>) {
  s.send({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await s.waitFor((m) => m.id === 'init');
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe.skipIf(!built)(`handrail serve on the stdio wire${built ? '' : ` — ${notBuilt}`}`, () => {
  it('answers a line that is not JSON with -32700 and one that is not JSON-RPC with -32600, then serves on', async () => {
    const s = serve();
    await initialize(s);
    s.send('this is not json');
    expect(await s.waitFor((m) => (m.error as { code?: number })?.code === -32700)).toMatchObject({
      id: null,
    });
    s.send({ hello: 'world' });
    expect(await s.waitFor((m) => (m.error as { code?: number })?.code === -32600)).toMatchObject({
      id: null,
    });
    s.send({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'read_file', arguments: { path: 'a.txt' } },
    });
    const reply = await s.waitFor((m) => m.id === 7);
    expect(JSON.stringify(reply)).toContain('raw');
    s.send({ jsonrpc: '2.0', id: 8, method: 'no/such/method' });
    expect(await s.waitFor((m) => m.id === 8)).toMatchObject({ error: { code: -32601 } });
    s.child.stdin.end();
    expect(await exited(s.child)).toBe(0);
  });

  it('closing stdin ends the session: its background commands are killed and the process exits', async () => {
    const s = serve(['--profile', 'full_access']);
    await initialize(s);
    const marker = uniqueSleep();
    // yield_time_ms is short, so the command keeps running in a session after the call returns.
    s.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'exec_command', arguments: { cmd: `sleep ${marker}`, yield_time_ms: 250 } },
    });
    expect(JSON.stringify(await s.waitFor((m) => m.id === 1))).toMatch(/session/i);
    const running = () => processesRunning(`sleep ${marker}`).length > 0;
    expect(running()).toBe(true);
    s.child.stdin.end();
    expect(await exited(s.child)).toBe(0);
    expect(await eventually(() => !running(), 250)).toBe(true);
  });
});
