import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { onCleanup } from '../support/cleanup.js';
import { eventually, processesRunning, uniqueSleep } from '../support/processes.js';
import { cliBin } from '../support/repo.js';
import { text } from '../support/results.js';
import { built, notBuilt, stdioClient, tempWorkspace } from './helpers.js';

async function open(
  files: Record<string, string>,
  extra: string[] = [],
  caps?: Parameters<typeof stdioClient>[2],
) {
  const ws = tempWorkspace(files);
  const conn = await stdioClient(ws, extra, caps);
  onCleanup(() => conn.client.close());
  return { ...conn, dir: ws };
}

describe.skipIf(!built)(`handrail serve over stdio (SDK client)${built ? '' : ` — ${notBuilt}`}`, () => {
  it('lists the tools with every annotation spelled out truthfully', async () => {
    const { client } = await open({});
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['read_file', 'apply_patch', 'exec_command']));
    expect(byName.get('read_file')!.annotations).toEqual({
      title: 'Read file',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.get('exec_command')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(byName.get('edit_file')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
  });

  it('read_only leaves out the tools it would always refuse', async () => {
    const { client } = await open({}, ['--profile', 'read_only']);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('read_file');
    expect(names).toContain('exec_command');
    expect(names).not.toContain('write_file');
    expect(names).not.toContain('apply_patch');
  });

  it('calls read_file, apply_patch and exec_command through the pipeline, and records them', async () => {
    const { client, dir } = await open({ 'notes.txt': 'alpha\nbeta\n' }, ['--profile', 'full_access']);
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'notes.txt' } });
    expect(read.isError).toBe(false);
    expect(text(read)).toContain('beta');
    expect(read._meta).toMatchObject({ 'handrail/outcome': { status: 'ok' } });

    const patch = await client.callTool({
      name: 'apply_patch',
      arguments: {
        patch: '*** Begin Patch\n*** Update File: notes.txt\n@@\n alpha\n-beta\n+gamma\n*** End Patch',
      },
    });
    expect(patch.isError).toBe(false);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('alpha\ngamma\n');

    const exec = await client.callTool({ name: 'exec_command', arguments: { cmd: 'echo from-exec' } });
    expect(exec.isError).toBe(false);
    expect(text(exec)).toContain('from-exec');

    // A streaming tool's onUpdate becomes MCP progress notifications when the client sent a progressToken.
    const updates: Array<{ progress: number; message?: string }> = [];
    const streamed = await client.callTool(
      { name: 'bash', arguments: { command: 'for i in 1 2 3; do echo tick $i; sleep 0.3; done; echo done' } },
      undefined,
      { onprogress: (p) => updates.push(p) },
    );
    expect(streamed.isError).toBe(false);
    expect(text(streamed)).toContain('done');
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.map((u) => u.message).join('')).toContain('tick');
    const steps = updates.map((u) => u.progress);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));

    await client.close();
    // Every call is in the SQLite store: `handrail log` in another process reads it back.
    const db = path.join(dir, '.handrail', 'handrail.db');
    expect(await eventually(() => existsSync(db))).toBe(true);
    const log = execFileSync(process.execPath, [cliBin, 'log', '--root', dir, '--json'], {
      encoding: 'utf8',
    });
    const completed = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; payload: { name?: string; tool?: string } })
      .filter((e) => e.type === 'tool/call/completed');
    expect(completed.map((e) => e.payload.name ?? e.payload.tool)).toEqual([
      'read_file',
      'apply_patch',
      'exec_command',
      'bash',
    ]);
  });

  it('without elicitation a call that needs approval is an isError result naming the rule', async () => {
    const { client, dir } = await open({});
    const result = await client.callTool({ name: 'exec_command', arguments: { cmd: 'touch made-it' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/no approver/);
    expect(text(result)).toContain('exec_command(touch made-it)');
    expect(result._meta).toMatchObject({ 'handrail/outcome': { errorClass: 'approval_denied' } });
    expect(existsSync(path.join(dir, 'made-it'))).toBe(false);
    // ...and the session goes on.
    expect((await client.callTool({ name: 'list_dir', arguments: {} })).isError).toBe(false);
  });

  it('asks a client that supports elicitation: allow for the session, then deny with feedback', async () => {
    const asked: string[] = [];
    let answer: { decision: string; feedback?: string } = { decision: 'allow_for_session' };
    const ws = tempWorkspace({});
    const { client } = await stdioClient(ws, [], { capabilities: { elicitation: {} } });
    onCleanup(() => client.close());
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      return { action: 'accept', content: answer };
    });

    const first = await client.callTool({ name: 'exec_command', arguments: { cmd: 'touch one' } });
    expect(first.isError).toBe(false);
    expect(existsSync(path.join(ws, 'one'))).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('approve exec_command?');
    expect(asked[0]).toContain('touch one');

    // Allowed for this session: the same call again needs no second question.
    const again = await client.callTool({ name: 'exec_command', arguments: { cmd: 'touch one' } });
    expect(again.isError).toBe(false);
    expect(asked).toHaveLength(1);

    answer = { decision: 'deny', feedback: 'use the scratch directory instead' };
    const denied = await client.callTool({ name: 'exec_command', arguments: { cmd: 'touch two' } });
    expect(denied.isError).toBe(true);
    expect(text(denied)).toContain('use the scratch directory instead');
    expect(existsSync(path.join(ws, 'two'))).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('a declined elicitation denies', async () => {
    const ws = tempWorkspace({});
    const { client } = await stdioClient(ws, [], { capabilities: { elicitation: {} } });
    onCleanup(() => client.close());
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('denied');
    expect(existsSync(path.join(ws, 'x.txt'))).toBe(false);
  });

  it('cancelling a long exec_command aborts the call and its processes die', async () => {
    const { client } = await open({}, ['--profile', 'full_access']);
    const marker = uniqueSleep();
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'exec_command', arguments: { cmd: `sleep ${marker}`, yield_time_ms: 30_000 } },
      undefined,
      { signal: controller.signal, timeout: 60_000 },
    );
    call.catch(() => undefined);
    expect(await eventually(() => processesRunning(`sleep ${marker}`).length > 0, 250)).toBe(true);
    controller.abort('test cancels');
    await expect(call).rejects.toThrow();
    expect(await eventually(() => processesRunning(`sleep ${marker}`).length === 0, 250)).toBe(true);
    // The server is still there for the next call.
    expect((await client.callTool({ name: 'list_dir', arguments: {} })).isError).toBe(false);
  });

  it('an unknown tool is a clean error result with a suggestion, and the session goes on', async () => {
    const { client } = await open({ 'a.txt': 'x' });
    const result = await client.callTool({ name: 'read_fil', arguments: { path: 'a.txt' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('read_file');
    expect((await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })).isError).toBe(false);
  });

  it('invalid arguments come back as a recoverable result the model can act on', async () => {
    const { client } = await open({});
    const result = await client.callTool({ name: 'read_file', arguments: { path: 42, bogus: true } });
    expect(result.isError).toBe(true);
    expect(result._meta).toMatchObject({ 'handrail/outcome': { errorClass: 'invalid_arguments' } });
  });

  it('a path outside the workspace is refused', async () => {
    const { client } = await open({}, ['--profile', 'full_access']);
    const result = await client.callTool({ name: 'read_file', arguments: { path: '/etc/passwd' } });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toContain('root:');
  });
});
