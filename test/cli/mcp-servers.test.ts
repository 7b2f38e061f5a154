// `handrail tools` and `handrail call` with MCP servers configured: each upstream tool with its server, its
// kind and what a call gets under the profile and the policy; failed servers with their reason; calls through
// the pipeline; nothing left running afterwards. Real servers from npm, run in-process through the command line.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../support/cli.js';
import { everythingStdio, FILESYSTEM, mcpWorkspace } from '../support/mcp.js';
import { eventually, processesRunning } from '../support/processes.js';

function setup(servers: (ws: string) => Record<string, unknown>, files: Record<string, unknown> = {}) {
  return mcpWorkspace({ servers, files: () => files });
}

const everything = () => ({ everything: everythingStdio() });
const filesystem = (ws: string) => ({
  fs: { command: process.execPath, args: [FILESYSTEM, ws], trust: 'annotations' },
});

interface Report {
  profile: string;
  tools: Array<{ name: string; annotations: { readOnlyHint: boolean } }>;
  mcpServers: Array<{ name: string; state: string; reason?: string; tools: number }>;
  upstream: Array<{ name: string; server: string; classification: string; decision: string; asks: boolean }>;
}

async function toolsJson(env: ReturnType<typeof setup>, extra: string[] = []): Promise<Report> {
  const run = await runCliCaptured(
    ['tools', '--json', '--root', env.ws, '--mcp-config', env.config, ...extra],
    env.ws,
    env.env,
  );
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Report;
}

describe('handrail tools --mcp-config', () => {
  it("lists server-everything's tools: server, mcp_write_or_unknown, asks under supervised; a failed server with why", async () => {
    const env = setup(() => ({ ...everything(), broken: { command: '/nonexistent/mcp-server' } }));
    const report = await toolsJson(env);
    const echo = report.upstream.find((t) => t.name === 'mcp__everything__echo');
    expect(echo).toEqual(
      expect.objectContaining({
        server: 'everything',
        classification: 'mcp_write_or_unknown',
        decision: 'ask',
        asks: true,
      }),
    );
    expect(report.upstream.map((t) => t.name)).toEqual(
      expect.arrayContaining(['mcp__everything__get-sum', 'mcp__everything__get-tiny-image']),
    );
    expect(report.upstream.every((t) => t.server === 'everything')).toBe(true);
    // What a client of `handrail serve` is offered: the same tools, not read-only as far as handrail believes.
    expect(report.tools.find((t) => t.name === 'mcp__everything__echo')?.annotations.readOnlyHint).toBe(
      false,
    );
    const byServer = new Map(report.mcpServers.map((s) => [s.name, s]));
    expect(byServer.get('everything')).toMatchObject({ state: 'ready' });
    expect(byServer.get('everything')!.tools).toBe(report.upstream.length);
    expect(byServer.get('broken')).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('/nonexistent/mcp-server'),
    });
  });

  it('the text lists the servers and, per tool, its server, kind and whether it asks', async () => {
    const env = setup(() => ({ ...everything(), broken: { command: '/nonexistent/mcp-server' } }));
    const run = await runCliCaptured(
      ['tools', '--root', env.ws, '--mcp-config', env.config],
      env.ws,
      env.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/MCP servers\n\s+everything\s+\(stdio\) ready, \d+ tools/);
    expect(run.stdout).toMatch(/broken\s+\(stdio\) failed: .*\/nonexistent\/mcp-server/);
    expect(run.stdout).toMatch(/mcp__everything__echo\s+everything\s+mcp_write_or_unknown\s+asks/);
  });

  it('trust: annotations makes read-only tools mcp_read; read_only denies the rest; a policy rule allows one', async () => {
    const env = setup(filesystem, { 'policy.json': { allow: ['mcp__fs__create_directory'] } });
    const supervised = await toolsJson(env, ['--policy', path.join(env.ws, 'policy.json')]);
    const get = (r: Report, name: string) => r.upstream.find((t) => t.name === name);
    expect(get(supervised, 'mcp__fs__read_text_file')).toMatchObject({
      classification: 'mcp_read',
      decision: 'allow',
    });
    expect(get(supervised, 'mcp__fs__write_file')).toMatchObject({
      classification: 'mcp_write_or_unknown',
      decision: 'ask',
    });
    expect(get(supervised, 'mcp__fs__create_directory')).toMatchObject({ decision: 'allow', asks: false });

    const readOnly = await toolsJson(env, ['--profile', 'read_only']);
    expect(get(readOnly, 'mcp__fs__read_text_file')).toMatchObject({ decision: 'allow' });
    expect(get(readOnly, 'mcp__fs__write_file')).toMatchObject({ decision: 'deny', asks: false });
    // A client is not offered what read_only would always refuse.
    expect(readOnly.tools.map((t) => t.name)).toContain('mcp__fs__read_text_file');
    expect(readOnly.tools.map((t) => t.name)).not.toContain('mcp__fs__write_file');
  });

  it('stops the servers it started: nothing is left running', async () => {
    const env = setup(filesystem);
    await toolsJson(env);
    expect(await eventually(() => processesRunning(env.ws).length === 0, 250)).toBe(true);
  });

  it("ignores, with a warning, a server an untrusted project's config adds; --trust-project uses it", async () => {
    const env = setup(() => ({}), {
      '.handrail/config.json': {
        mcpServers: { project: everythingStdio() },
      },
    });
    const untrusted = await runCliCaptured(['tools', '--json', '--root', env.ws], env.ws, env.env);
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toMatch(
      /warning:.*mcpServers\.project: ignored: an untrusted project may not add/,
    );
    expect(untrusted.stderr).toMatch(/--trust-project/);
    expect((JSON.parse(untrusted.stdout) as Report).mcpServers).toEqual([]);

    const trusted = await runCliCaptured(
      ['tools', '--json', '--root', env.ws, '--trust-project'],
      env.ws,
      env.env,
    );
    expect(trusted.code, trusted.stderr).toBe(0);
    expect((JSON.parse(trusted.stdout) as Report).mcpServers.map((s) => [s.name, s.state])).toEqual([
      ['project', 'ready'],
    ]);
  });
});

describe('handrail call --mcp-config', () => {
  it('calls an upstream tool through the pipeline and prints what the model sees', async () => {
    const env = setup(everything);
    const run = await runCliCaptured(
      [
        'call',
        'mcp__everything__get-sum',
        '{"a":2,"b":3}',
        '--root',
        env.ws,
        '--mcp-config',
        env.config,
        '--profile',
        'full_access',
      ],
      env.ws,
      env.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/5/);
    expect(run.stdout).toContain('untrusted data');
  });

  it('without an approver, an upstream tool that asks is denied, naming the rule that would allow it', async () => {
    const env = setup(everything);
    const run = await runCliCaptured(
      ['call', 'mcp__everything__echo', '{"message":"hi"}', '--root', env.ws, '--mcp-config', env.config],
      env.ws,
      env.env,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/"mcp__everything__echo" to the "allow" list/);
  });

  it('a built-in tool starts no server: a broken one is not even tried', async () => {
    const env = setup(() => ({ broken: { command: '/nonexistent/mcp-server' } }));
    writeFileSync(path.join(env.ws, 'a.txt'), 'hello\n');
    const run = await runCliCaptured(
      ['call', 'read_file', '{"path":"a.txt"}', '--root', env.ws, '--mcp-config', env.config],
      env.ws,
      env.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('hello');
    expect(run.stderr).not.toContain('broken');
  });
});
