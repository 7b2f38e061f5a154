// `handrail config` and the configuration every command runs with, through the command line in-process
// (runCli with captured streams), plus one spawn of the built binary.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { configuredWorkspace } from '../../src/cli/configured.js';
import { extractGlobalOptions } from '../../src/cli/global-options.js';
import { runtimeOptions } from '../../src/server/options.js';
import { capturedIO, runCliCaptured } from '../support/cli.js';
import { configWorkspace } from '../support/config.js';
import { cliBin, repoRoot } from '../support/repo.js';

const setup = (files: Record<string, unknown> = {}) => configWorkspace(files, 'handrail-cli-config-');

async function run(argv: string[], where: { ws: string; home: string }, env: Record<string, string> = {}) {
  return runCliCaptured(argv, where.ws, { HOME: where.home, PATH: process.env.PATH, ...env });
}

async function json(argv: string[], where: { ws: string; home: string }, env: Record<string, string> = {}) {
  const r = await run(['config', '--json', ...argv], where, env);
  return { ...r, report: JSON.parse(r.stdout) };
}

const USER = '~/.config/handrail/config.json';
const PROJECT = '.handrail/config.json';

describe('handrail config', () => {
  test('--json: every setting with its value and source, across user, project, --config and flags', async () => {
    const where = setup({
      [USER]: { profile: 'auto_accept_edits', network: { mode: 'restricted', allow: ['docs.python.org'] } },
      [PROJECT]: { profile: 'supervised', network: { deny: ['gist.github.com'] } },
      'team.json': { limits: { maxImages: 2 } },
    });
    const { code, report } = await json(
      ['--config', 'team.json', '--profile', 'read_only', '--allow-host', 'a.example,b.example'],
      where,
    );
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.workspace).toBe(where.ws);
    expect(report.files.map((f: { layer: string; found: boolean }) => [f.layer, f.found])).toEqual([
      ['user', true],
      ['project', true],
      ['file', true],
    ]);
    const s = report.settings;
    expect(Object.values(s).every((v) => typeof (v as { source?: string }).source === 'string')).toBe(true);
    expect(s.profile).toMatchObject({ value: 'read_only', source: 'flag' });
    expect(s.profile.overridden.map((o: { source: string }) => o.source)).toEqual(['user', 'project']);
    expect(s['limits.maxImages']).toMatchObject({ value: 2, source: 'file' });
    expect(s['network.mode']).toMatchObject({ value: 'restricted', source: 'user' });
    expect(
      s['network.allow'].entries.map((e: { value: string; source: string }) => [e.value, e.source]),
    ).toEqual([
      ['docs.python.org', 'user'],
      ['a.example', 'flag'],
      ['b.example', 'flag'],
    ]);
    expect(s['network.deny'].entries[0]).toMatchObject({ value: 'gist.github.com', source: 'project' });
    expect(s['sandbox.backend']).toMatchObject({ value: 'auto', source: 'default' });
    expect(report.config.network.allow).toEqual(['docs.python.org', 'a.example', 'b.example']);
  });

  test('the text report: value, source, what was replaced and what an untrusted project was refused', async () => {
    const where = setup({
      [USER]: { profile: 'auto_accept_edits' },
      [PROJECT]: { profile: 'read_only', network: { allow: ['evil.example'], mode: 'restricted' } },
    });
    const r = await run(['config'], where);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/project +\S+\.handrail\/config\.json +used, not trusted/);
    expect(r.stdout).toMatch(/^ {2}profile +read_only +project /m);
    expect(r.stdout).toMatch(/replaces auto_accept_edits from user/);
    expect(r.stdout).toMatch(/ignored evil\.example from project: it lets the agent reach more hosts/);
    expect(r.stdout).toMatch(/^ {2}sandbox\.backend +auto +default$/m);
    // Shown in the report, so not repeated as a warning; a command that runs says it, and how to trust.
    expect(r.stderr).toBe('');
    const tools = await run(['tools'], where);
    expect(tools.stderr).toMatch(
      /handrail tools: warning: \S+config\.json:\d+:\d+: network\.allow\[0\]: ignored: it lets the agent reach more hosts\n/,
    );
    expect(tools.stderr).toMatch(/hint: an untrusted project only tightens; trust it with --trust-project/);
    const trusted = await json(['--trust-project'], where);
    expect(trusted.report.settings['network.allow'].entries[0]).toMatchObject({
      value: 'evil.example',
      source: 'project',
    });
  });

  test('an invalid file: exit 2, every problem with file:line:column', async () => {
    const where = setup({
      [PROJECT]: '{\n  "profile": "yolo",\n  "network": { "allow": ["https://x.example/"], "moed": "x" }\n}',
    });
    const r = await run(['config'], where);
    expect(r.code).toBe(2);
    const file = path.join(where.ws, PROJECT);
    expect(r.stderr).toContain('the configuration is invalid (3 problems)');
    expect(r.stderr).toContain(`${file}:2:14: profile: must be one of`);
    expect(r.stderr).toContain(`${file}:3:26: network.allow[0]: "https://x.example/": a pattern is a host`);
    expect(r.stderr).toContain(`${file}:3:49: network.moed: unknown key "moed" (did you mean "mode"?)`);
    const machine = await json([], where);
    expect(machine.code).toBe(2);
    expect(machine.report.ok).toBe(false);
    expect(machine.report.errors).toHaveLength(3);
    expect(machine.report.errors[0]).toMatchObject({ file, line: 2, column: 14, path: 'profile' });
    // Every command that builds a runtime refuses it the same way, before running anything.
    for (const command of [['tools'], ['call', 'list_dir'], ['serve'], ['log'], ['demo']]) {
      const refused = await run(command, where);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${file}:3:49: network.moed`);
    }
  });

  test('the user file follows XDG_CONFIG_HOME', async () => {
    const where = setup({ 'xdg/handrail/config.json': { profile: 'read_only' } });
    const { report } = await json([], where, { XDG_CONFIG_HOME: path.join(where.ws, 'xdg') });
    expect(report.settings.profile).toMatchObject({ value: 'read_only', source: 'user' });
    expect(report.files[0].path).toBe(path.join(where.ws, 'xdg/handrail/config.json'));
  });

  test('a file with $schema is accepted', async () => {
    const where = setup({
      [USER]: {
        $schema: 'https://raw.githubusercontent.com/handrail-dev/handrail/main/schema/config.schema.json',
        profile: 'read_only',
      },
    });
    expect((await json([], where)).code).toBe(0);
  });
});

describe('flags', () => {
  test('network, hosts, addresses, run-as and web search become the flag layer', async () => {
    const where = setup();
    const { code, report } = await json(
      [
        '--network',
        'restricted',
        '--allow-host',
        'docs.python.org',
        '--allow-host=*.github.com',
        '--deny-host',
        'gist.github.com',
        '--allow-address',
        '127.0.0.1:3000',
        '--run-as',
        '1000:1000',
        '--web-search',
        'searxng=http://127.0.0.1:8888',
        '--sandbox',
        'none',
        '--state-dir',
        'state',
      ],
      where,
    );
    expect(code).toBe(0);
    const s = report.settings;
    expect(s['network.mode']).toMatchObject({ value: 'restricted', source: 'flag' });
    expect(s['network.allow'].value).toEqual(['docs.python.org', '*.github.com']);
    expect(s['network.deny'].value).toEqual(['gist.github.com']);
    expect(s['network.allowAddresses'].value).toEqual(['127.0.0.1:3000']);
    expect(s['sandbox.runAs']).toMatchObject({ value: { uid: 1000, gid: 1000 }, source: 'flag' });
    expect(s['sandbox.backend']).toMatchObject({ value: 'none', source: 'flag' });
    expect(s.webSearch).toMatchObject({
      value: { provider: 'searxng', endpoint: 'http://127.0.0.1:8888' },
      source: 'flag',
    });
    expect(s.stateDir).toMatchObject({ value: path.join(where.ws, 'state'), source: 'flag' });
  });

  test('--web-search brave takes the key from $BRAVE_API_KEY, never from the command line', async () => {
    const where = setup({
      [USER]: { webSearch: { provider: 'searxng', endpoint: 'http://127.0.0.1:8888' } },
    });
    const brave = await json(['--web-search', 'brave'], where, { BRAVE_API_KEY: 'secret-key' });
    expect(brave.code).toBe(0);
    expect(brave.report.settings.webSearch).toMatchObject({ value: { provider: 'brave' }, source: 'flag' });
    expect(brave.stdout).not.toContain('secret-key');
    const noKey = await run(['config', '--web-search', 'brave'], where);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/BRAVE_API_KEY, which is not set/);
    const onLine = await run(['config', '--web-search', 'brave=BSA-123'], where);
    expect(onLine.code).toBe(2);
    expect(onLine.stderr).toMatch(/takes no key/);
    const off = await json(['--web-search', 'off'], where);
    expect(off.report.settings.webSearch).toMatchObject({ value: false, source: 'flag' });
  });

  test.each([
    [['--network', 'open'], /unknown network mode "open"/],
    [['--run-as', 'admin'], /--run-as wants auto, root or UID:GID/],
    [['--allow-host', 'https://x.example/'], /--allow-host "https:\/\/x.example\/": a pattern is a host/],
    [['--allow-address', 'nowhere'], /--allow-address "nowhere"/],
    [['--approvable-write', '/**'], /--approvable-write: .*names no folder/],
    [['--web-search', 'google'], /--web-search wants searxng=URL, brave or off/],
    [['--config', 'missing.json'], /missing\.json: no such file/],
  ])('%j is a usage error (exit 2)', async (flags, message) => {
    const r = await run(['config', ...flags], setup());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('commands run with the effective configuration', () => {
  test('tools and call: the profile from the user file', async () => {
    const where = setup({ [USER]: { profile: 'read_only' } });
    const tools = await run(['tools', '--json'], where);
    expect(tools.code).toBe(0);
    expect(JSON.parse(tools.stdout).profile).toBe('read_only');
    const write = await run(
      ['call', 'write_file', '{"path":"a.txt","content":"x"}', '--sandbox', 'none'],
      where,
    );
    expect(write.code).toBe(1);
    expect(existsSync(path.join(where.ws, 'a.txt'))).toBe(false);
  });

  test('call and log: the state directory from the project file', async () => {
    const where = setup({ [PROJECT]: { stateDir: '.handrail/state' }, 'a.txt': 'hello\n' });
    const call = await run(['call', 'read_file', '{"path":"a.txt"}'], where);
    expect(call.code).toBe(0);
    expect(existsSync(path.join(where.ws, '.handrail/state/handrail.db'))).toBe(true);
    const log = await run(['log'], where);
    expect(log.code).toBe(0);
    expect(log.stdout).toContain('read_file');
  });

  test('serve: the workspace it is given carries the configuration into the runtime options', () => {
    const where = setup({
      [USER]: {
        network: { mode: 'restricted', allow: ['docs.python.org'] },
        limits: { maxCallsPerTurn: 50 },
      },
    });
    const { globals } = extractGlobalOptions(['--profile', 'read_only'], where.ws);
    const { io } = capturedIO(where.ws, { HOME: where.home });
    const workspace = configuredWorkspace(globals, io, 'handrail serve');
    const options = runtimeOptions(workspace, {
      limits: { maxCallsPerTurn: Infinity, retryBudget: { perTool: 32 } },
    });
    expect(options.profile).toBe('read_only');
    expect(options.network).toEqual({ mode: 'restricted', allow: ['docs.python.org'] });
    // The configuration's limits win over the server's own; the server's others stay.
    expect(options.limits).toMatchObject({ maxCallsPerTurn: 50, retryBudget: { perTool: 32 } });
    expect(options.tools!.length).toBeGreaterThan(5);
  });

  test('--mcp-config: the servers reach the runtime options, variables filled in from the environment', () => {
    const where = setup({
      'claude_desktop_config.json': {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's ${VAR}, not a template
        mcpServers: { gh: { command: 'gh-server', env: { GITHUB_TOKEN: '${GH_TOKEN}' } } },
      },
    });
    const { globals } = extractGlobalOptions(['--mcp-config', 'claude_desktop_config.json'], where.ws);
    expect(globals.mcpConfigFile).toBe(path.join(where.ws, 'claude_desktop_config.json'));
    const { io } = capturedIO(where.ws, { HOME: where.home, GH_TOKEN: 'tok' });
    const options = runtimeOptions(configuredWorkspace(globals, io, 'handrail serve'));
    expect(options.mcpServers).toEqual({ gh: { command: 'gh-server', env: { GITHUB_TOKEN: 'tok' } } });
  });

  test('the text report: each MCP server on its line with its source, env and header values never shown', async () => {
    const secret = 'sk-live-secret-value';
    const where = setup({
      [USER]: {
        mcpServers: {
          gh: { command: 'gh-server', args: ['stdio'], env: { GITHUB_TOKEN: secret } },
          api: { url: 'https://mcp.example/mcp', headers: { Authorization: `Bearer ${secret}` } },
        },
      },
      [PROJECT]: { mcpServers: { evil: { command: 'sh' } } },
    });
    const text = await run(['config'], where);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /mcpServers\s+gh: gh-server stdio \(stdio\) env: GITHUB_TOKEN\n\s+from user /,
    );
    expect(text.stdout).toMatch(/api: https:\/\/mcp\.example\/mcp \(http\) headers: Authorization/);
    expect(text.stdout).toMatch(/ignored evil: sh \(stdio\) from project: an untrusted project may not add/);
    const { report } = await json([], where);
    expect(`${text.stdout}${text.stderr}${JSON.stringify(report)}`).not.toContain(secret);
  });
});

describe.skipIf(!existsSync(path.join(repoRoot, 'dist', 'cli', 'config.js')))('the built binary', () => {
  test('node dist/cli/main.js config --json', () => {
    const where = setup({ [USER]: { profile: 'read_only' } });
    const r = spawnSync(process.execPath, [cliBin, 'config', '--json', '--network', 'disabled'], {
      cwd: where.ws,
      env: { PATH: process.env.PATH ?? '', HOME: where.home },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.settings.profile).toMatchObject({ value: 'read_only', source: 'user' });
    expect(report.settings['network.mode']).toMatchObject({ value: 'disabled', source: 'flag' });
  });
});
