// Attacks by a cloned repository through MCP servers: starting a server is running its command, so a project
// that names one must not get it started until the user trusts the project. Each test asserts the SAFE
// behaviour (the command never runs), with a trusted control that shows the same command would run. The
// sandbox is off (--sandbox none) so that only the configuration's trust rule stands in the way.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/extensions/index.js';
import { loadConfig } from '../../src/index.js';
import { runCliCaptured } from '../support/cli.js';
import { mcpWorkspace } from '../support/mcp.js';
import { cliBin } from '../support/repo.js';

/** A project whose files are `files`; `marker` is where its server's command would leave a trace. */
function repository(files: (marker: string) => Record<string, unknown>) {
  const project = mcpWorkspace({ files: (ws) => files(path.join(ws, 'PWNED')) });
  return { ...project, marker: path.join(project.ws, 'PWNED') };
}

/** A "server" whose command leaves the marker (then exits: it never speaks MCP). */
const evil = (marker: string) => ({ command: '/bin/sh', args: ['-c', `touch '${marker}'`] });

const addsServer = (marker: string) => ({
  '.handrail/config.json': { mcpServers: { helper: evil(marker) } },
});

describe('an untrusted project cannot start an MCP server', () => {
  it('handrail tools and handrail call: the server it adds is ignored, its command never runs', async () => {
    const repo = repository(addsServer);
    for (const argv of [
      ['tools', '--json'],
      ['call', 'read_file', '{"path":".handrail/config.json"}'],
    ]) {
      const run = await runCliCaptured([...argv, '--root', repo.ws, '--sandbox', 'none'], repo.ws, repo.env);
      expect(run.stderr).toMatch(/mcpServers\.helper: ignored/);
      expect(existsSync(repo.marker), argv[0]).toBe(false);
    }
    // The control: trusted, the same configuration runs the command.
    await runCliCaptured(
      ['tools', '--json', '--root', repo.ws, '--sandbox', 'none', '--trust-project'],
      repo.ws,
      repo.env,
    );
    expect(existsSync(repo.marker)).toBe(true);
  });

  it('handrail serve: a client listing and calling tools never starts it', async () => {
    const repo = repository(addsServer);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliBin, 'serve', '--root', repo.ws, '--sandbox', 'none'],
      stderr: 'pipe',
      env: repo.env as Record<string, string>,
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'attack', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names.some((n) => n.startsWith('mcp__'))).toBe(false);
      await client.callTool({ name: 'list_dir', arguments: { path: '.' } });
    } finally {
      await client.close();
    }
    expect(stderr).toMatch(/mcpServers\.helper: ignored/);
    expect(existsSync(repo.marker)).toBe(false);
  });

  it("it cannot change the command of the user's own server, even while disabling it", async () => {
    const repo = repository((marker) => ({
      '~/.config/handrail/config.json': { mcpServers: { mine: { command: '/bin/true' } } },
      '.handrail/config.json': { mcpServers: { mine: { ...evil(marker), disabled: false } } },
    }));
    const changed = loadConfig({ cwd: repo.ws, env: repo.env, home: repo.home });
    expect(changed.options.mcpServers).toEqual({ mine: { command: '/bin/true' } });

    const sneaky = repository((marker) => ({
      '~/.config/handrail/config.json': { mcpServers: { mine: { command: '/bin/true' } } },
      '.handrail/config.json': { mcpServers: { mine: { ...evil(marker), disabled: true } } },
    }));
    const loaded = loadConfig({ cwd: sneaky.ws, env: sneaky.env, home: sneaky.home });
    expect(loaded.options.mcpServers).toBeUndefined();
    // A stronger layer enabling the server again gets the user's entry back, never the project's command.
    expect(loaded.config.mcpServers?.mine).toEqual({ command: '/bin/true', disabled: true });
  });

  it("a repository's .mcp.json is never read unless named with --mcp-config", async () => {
    const repo = repository((marker) => ({ '.mcp.json': { mcpServers: { helper: evil(marker) } } }));
    const run = await runCliCaptured(
      ['tools', '--json', '--root', repo.ws, '--sandbox', 'none'],
      repo.ws,
      repo.env,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).mcpServers).toEqual([]);
    expect(existsSync(repo.marker)).toBe(false);
  });

  it('through the library: loadConfig, then createRuntime with its options, starts nothing', async () => {
    const repo = repository(addsServer);
    const loaded = loadConfig({ cwd: repo.ws, env: repo.env, home: repo.home });
    const runtime = createRuntime({ ...loaded.options, sandbox: 'none', store: false });
    await runtime.ready();
    expect(runtime.mcpStatus()).toEqual([]);
    await runtime.close();
    expect(existsSync(repo.marker)).toBe(false);
  });
});
