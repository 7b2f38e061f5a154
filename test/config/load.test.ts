// loadConfig through the library: layers and precedence, the source of every value, invalid files with every
// problem and its place, and what a file may not say.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONFIG_SCHEMA_ID, type HandrailConfig, loadConfig } from '../../src/config/index.js';
import { builtinTools, createRuntime } from '../../src/index.js';
import { configWorkspace } from '../support/config.js';
import { sharedTempDir } from '../support/temp.js';

const setup = (files: Record<string, unknown> = {}) => configWorkspace(files, 'handrail-config-');

const USER = '~/.config/handrail/config.json';
const PROJECT = '.handrail/config.json';

describe('layers and precedence', () => {
  test('no file: every setting is its default, and the options are just the workspace', () => {
    const { ws, env } = setup();
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toEqual([]);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.options).toEqual({ workspace: ws });
    expect(Object.values(loaded.sources).every((s) => s.source === 'default')).toBe(true);
    expect(loaded.config.profile).toBe('supervised');
    expect(loaded.config.roots).toEqual([{ path: ws, access: 'write' }]);
    expect(loaded.config.stateDir).toBe(path.join(ws, '.handrail'));
    expect(loaded.files.map((f) => [f.layer, f.found])).toEqual([
      ['user', false],
      ['project', false],
    ]);
  });

  test('user < project < file < flag < library, each value with its source and what it replaced', () => {
    const { ws, env } = setup({
      [USER]: { profile: 'full_access', limits: { maxImages: 7 }, approvals: { timeoutMs: 1000 } },
      [PROJECT]: { profile: 'auto_accept_edits', limits: { maxImages: 6 } },
      'extra.json': { profile: 'supervised', network: { maxRedirects: 2 } },
    });
    const loaded = loadConfig({
      cwd: ws,
      env,
      trustProject: true,
      configFile: 'extra.json',
      flags: { profile: 'read_only', network: { mode: 'restricted' } },
      options: { network: { mode: 'disabled' } },
    });
    expect(loaded.errors).toEqual([]);
    const s = loaded.sources;
    expect(s.profile).toMatchObject({ value: 'read_only', source: 'flag' });
    expect(s.profile!.overridden!.map((o) => [o.source, o.value])).toEqual([
      ['user', 'full_access'],
      ['project', 'auto_accept_edits'],
      ['file', 'supervised'],
    ]);
    expect(s['limits.maxImages']).toMatchObject({
      value: 6,
      source: 'project',
      file: path.join(ws, PROJECT),
    });
    expect(s['approvals.timeoutMs']).toMatchObject({ value: 1000, source: 'user' });
    expect(s['network.maxRedirects']).toMatchObject({ value: 2, source: 'file' });
    expect(s['network.mode']).toMatchObject({ value: 'disabled', source: 'library' });
    expect(s['sandbox.backend']).toMatchObject({ value: 'auto', source: 'default' });
    expect(loaded.options).toEqual({
      workspace: ws,
      trustProjectPolicy: true,
      profile: 'read_only',
      approvalTimeoutMs: 1000,
      limits: { maxImages: 6 },
      network: { mode: 'disabled', maxRedirects: 2 },
    });
  });

  test('lists accumulate with a source per entry (deny lists grow; duplicates count once)', () => {
    const { ws, env } = setup({
      [USER]: { network: { mode: 'restricted', allow: ['docs.python.org'], deny: ['gist.github.com'] } },
      [PROJECT]: { network: { deny: ['pastebin.com', 'gist.github.com'] }, denyRead: ['**/.env'] },
    });
    const loaded = loadConfig({ cwd: ws, env, flags: { network: { allow: ['api.example.com:8443'] } } });
    expect(loaded.errors).toEqual([]);
    expect(loaded.sources['network.allow']!.entries!.map((e) => [e.value, e.source])).toEqual([
      ['docs.python.org', 'user'],
      ['api.example.com:8443', 'flag'],
    ]);
    expect(loaded.sources['network.deny']!.entries!.map((e) => [e.value, e.source])).toEqual([
      ['gist.github.com', 'user'],
      ['pastebin.com', 'project'],
    ]);
    expect(loaded.options.network).toEqual({
      mode: 'restricted',
      allow: ['docs.python.org', 'api.example.com:8443'],
      deny: ['gist.github.com', 'pastebin.com'],
    });
    expect(loaded.options.denyRead).toEqual(['**/.env']);
  });

  test('the user file follows XDG_CONFIG_HOME (an absolute one), else ~/.config', () => {
    const { ws, home } = setup({
      'xdg/handrail/config.json': { profile: 'read_only' },
      [USER]: { profile: 'full_access' },
    });
    const xdg = path.join(ws, 'xdg');
    const viaXdg = loadConfig({ cwd: ws, env: { HOME: home, XDG_CONFIG_HOME: xdg } });
    expect(viaXdg.sources.profile).toMatchObject({ value: 'read_only', source: 'user' });
    expect(viaXdg.files[0]).toMatchObject({ layer: 'user', path: path.join(xdg, 'handrail/config.json') });
    const relative = loadConfig({ cwd: ws, env: { HOME: home, XDG_CONFIG_HOME: 'xdg' } });
    expect(relative.sources.profile).toMatchObject({ value: 'full_access', source: 'user' });
  });

  test('$schema is accepted, relative paths resolve against the workspace and ~/ against home', () => {
    const { ws, env, home } = setup({
      [PROJECT]: {
        $schema: CONFIG_SCHEMA_ID,
        roots: [{ path: 'src', access: 'write' }],
        stateDir: 'state',
      },
      [USER]: { $schema: '../../node_modules/handrail/schema/config.schema.json', policy: '~/policy.json' },
      '~/policy.json': {},
      'src/a.txt': 'a',
    });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toEqual([]);
    expect(loaded.options.roots).toEqual([{ path: path.join(ws, 'src'), access: 'write' }]);
    expect(loaded.options.stateDir).toBe(path.join(ws, 'state'));
    expect(loaded.options.policy).toBe(path.join(home, 'policy.json'));
  });

  test('the options build a runtime that uses them', async () => {
    const { ws, env } = setup({ [USER]: { profile: 'read_only', network: { mode: 'disabled' } } });
    const loaded = loadConfig({ cwd: ws, env, flags: { store: false } });
    const runtime = createRuntime({ ...loaded.options, tools: builtinTools() });
    try {
      const names = runtime
        .beginTurn()
        .visibleTools()
        .map((t) => t.name);
      expect(names).toContain('read_file');
      expect(names).not.toContain('web_fetch');
      expect(runtime.store).toBeUndefined();
    } finally {
      await runtime.close();
    }
  });
});

describe('invalid files', () => {
  test('every problem, with the setting and its line and column, in file order', () => {
    const text = `{
  "profile": "yolo",
  "network": { "mode": "restricted", "allow": ["https://example.com/"], "mod": 1 },
  "allowAddresses": [],
  "store": "sql",
  "webSearch": { "provider": "brave", "apiKey": "secret" },
  "limits": { "maxImages": 0 }
}`;
    const { ws, env } = setup({ [PROJECT]: text });
    const loaded = loadConfig({ cwd: ws, env });
    const file = path.join(ws, PROJECT);
    expect(loaded.errors.map((e) => [e.file, e.line, e.column, e.path, e.message])).toEqual([
      [
        file,
        2,
        14,
        'profile',
        'must be one of "full_access", "auto_accept_edits", "supervised", "read_only"',
      ],
      [
        file,
        3,
        48,
        'network.allow[0]',
        expect.stringMatching(/^"https:\/\/example.com\/": a pattern is a host/),
      ],
      [file, 3, 73, 'network.mod', 'unknown key "mod" (did you mean "mode"?)'],
      [file, 4, 3, 'allowAddresses', 'unknown key "allowAddresses" (did you mean "network.allowAddresses"?)'],
      [file, 5, 12, 'store', 'must be "sqlite", "memory", false or an object { path }'],
      [file, 6, 39, 'webSearch.apiKey', 'unknown key "apiKey" (did you mean "apiKeyEnv"?)'],
      [file, 7, 28, 'limits.maxImages', 'must be ≥ 1'],
    ]);
  });

  test('values the schema cannot judge: host patterns, addresses, URLs, directories', () => {
    const { ws, env } = setup({
      [USER]: {
        network: { allow: ['https://example.com/'], allowAddresses: ['not-an-address'] },
        webSearch: { provider: 'searxng', endpoint: 'ftp://x' },
        roots: [{ path: 'missing', access: 'read' }],
      },
    });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors.map((e) => e.path)).toEqual([
      'network.allow[0]',
      'network.allowAddresses[0]',
      'webSearch.endpoint',
      'roots[0].path',
    ]);
    expect(loaded.errors[0]!.message).toMatch(/a pattern is a host with an optional port, not a URL/);
    expect(loaded.errors.every((e) => e.line !== undefined && e.column !== undefined)).toBe(true);
  });

  test('JSON syntax and a key given twice: line and column, as policy files report them', () => {
    const { ws, env } = setup({ [USER]: '{\n  "profile": "read_only",\n  "profile": "supervised"\n}' });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]).toMatchObject({ layer: 'user', line: 3, column: 3, path: '(file)' });
    expect(loaded.errors[0]!.message).toMatch(/duplicate property "profile"/);
    const broken = setup({ [PROJECT]: '{ "profile": "read_only", }' });
    expect(loadConfig({ cwd: broken.ws, env: broken.env }).errors[0]).toMatchObject({ line: 1, column: 27 });
  });

  test('--config FILE must exist; a missing user or project file is simply no layer', () => {
    const { ws, env } = setup();
    const loaded = loadConfig({ cwd: ws, env, configFile: 'nope.json' });
    expect(loaded.errors).toEqual([
      { layer: 'file', file: path.join(ws, 'nope.json'), path: '(file)', message: 'no such file' },
    ]);
  });

  test('a config file that is not UTF-8 is an error, not read with U+FFFD in its values', () => {
    const { ws, env } = setup();
    writeFileSync(path.join(ws, 'latin1.json'), Buffer.from('{ "profile": "r\xe9ad_only" }', 'latin1'));
    const loaded = loadConfig({ cwd: ws, env, configFile: 'latin1.json' });
    expect(loaded.errors).toEqual([
      {
        layer: 'file',
        file: path.join(ws, 'latin1.json'),
        path: '(file)',
        message: 'cannot be read (not valid UTF-8; save it as UTF-8)',
      },
    ]);
  });

  test('flags and options are checked like files', () => {
    const { ws, env } = setup();
    const loaded = loadConfig({
      cwd: ws,
      env,
      flags: { network: { mode: 'open' } } as unknown as HandrailConfig,
      options: { limits: { batchConcurrency: -1 } },
    });
    expect(loaded.errors.map((e) => [e.layer, e.path])).toEqual([
      ['flag', 'network.mode'],
      ['library', 'limits.batchConcurrency'],
    ]);
  });
});

describe('web search keys', () => {
  test('Brave reads its key from the variable the configuration names; it never shows in the report', () => {
    const { ws, home } = setup({ [USER]: { webSearch: { provider: 'brave', apiKeyEnv: 'MY_BRAVE' } } });
    const loaded = loadConfig({ cwd: ws, env: { HOME: home, MY_BRAVE: 'k-123' } });
    expect(loaded.errors).toEqual([]);
    expect(loaded.options.webSearch).toEqual({ provider: 'brave', apiKey: 'k-123' });
    expect(JSON.stringify([loaded.sources, loaded.config, loaded.warnings])).not.toContain('k-123');
    const flagged = loadConfig({
      cwd: ws,
      env: { HOME: home, BRAVE_API_KEY: 'k-9' },
      flags: { webSearch: { provider: 'brave' } },
    });
    expect(flagged.options.webSearch).toEqual({ provider: 'brave', apiKey: 'k-9' });
  });

  test('a missing key is an error placed where Brave was chosen', () => {
    const { ws, env } = setup({ [USER]: { webSearch: { provider: 'brave' } } });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]).toMatchObject({ layer: 'user', path: 'webSearch', line: 2 });
    expect(loaded.errors[0]!.message).toMatch(/BRAVE_API_KEY, which is not set/);
  });
});

describe('settings the runtime takes from the shell tools', () => {
  test('network.commands and sandbox.runAs show in the report and reach the runtime options', () => {
    const { ws, env } = setup({
      [USER]: { network: { commands: 'policed' }, sandbox: { runAs: { uid: 1000, gid: 1000 } } },
    });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toEqual([]);
    expect(loaded.sources['network.commands']).toMatchObject({ value: 'policed', source: 'user' });
    expect(loaded.sources['sandbox.runAs']).toMatchObject({
      value: { uid: 1000, gid: 1000 },
      source: 'user',
    });
    expect(loaded.warnings).toEqual([]);
    expect(loaded.options).toEqual({
      workspace: ws,
      network: { commands: true },
      runAs: { uid: 1000, gid: 1000 },
    });
  });

  test('approvableWrites from the user file: ~/ is the home directory, and the runtime honours it', async () => {
    const { ws, env } = setup({ [USER]: { approvableWrites: ['~/exports/**', '/srv/reports/*.csv'] } });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toEqual([]);
    expect(loaded.options.approvableWrites).toEqual([
      path.join(env.HOME!, 'exports/**'),
      '/srv/reports/*.csv',
    ]);
    const runtime = createRuntime({ ...loaded.options, tools: builtinTools(), sandbox: 'none' });
    await runtime.close();
  });

  test('a relative approvableWrites entry is an error at its place; a glob naming no folder fails createRuntime', () => {
    const { ws, env } = setup({ [USER]: { approvableWrites: ['exports/**'] } });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors.map((e) => e.path)).toEqual(['approvableWrites[0]']);
    expect(() => createRuntime({ workspace: ws, approvableWrites: ['/**'] })).toThrow(/names no folder/);
  });

  test('an allow list in mode "enabled" is reported as having no effect', () => {
    const { ws, env } = setup({ [USER]: { network: { allow: ['example.com'] } } });
    const [warning] = loadConfig({ cwd: ws, env }).warnings;
    expect(warning).toMatchObject({ layer: 'user', path: 'network.allow' });
    expect(warning!.message).toMatch(/no effect while network.mode is "enabled"/);
  });
});

describe('an untrusted project only tightens', () => {
  // Each key that would widen: a project file setting it, and how it shows when refused.
  const widening: Array<[string, HandrailConfig, string]> = [
    ['profile', { profile: 'full_access' }, 'is more open than "supervised"'],
    ['policy', { policy: 'session.json' }, 'allow rules included'],
    ['roots', { roots: [{ path: '..', access: 'read' }] }, 'outside the roots set so far'],
    ['sandbox.backend', { sandbox: { backend: 'none' } }, 'without the OS sandbox'],
    ['sandbox.runAs', { sandbox: { runAs: 'root' } }, 'who commands run as'],
    ['network.mode', { network: { mode: 'enabled' } }, 'is more open than "restricted"'],
    ['network.allow', { network: { allow: ['evil.example'] } }, 'reach more hosts'],
    ['network.allowAddresses', { network: { allowAddresses: ['127.0.0.1:22'] } }, 'private addresses'],
    ['approvableWrites', { approvableWrites: ['/tmp/exports/**'] }, 'writes outside the roots'],
    ['network.commands', { network: { commands: 'policed' } }, 'shell commands the network'],
    ['network.maxBytes', { network: { maxBytes: 1e9 } }, 'raises'],
    ['network.userAgent', { network: { userAgent: 'x' } }, 'not a restriction'],
    ['webSearch', { webSearch: { provider: 'searxng', endpoint: 'http://10.0.0.1' } }, 'queries'],
    ['limits.output.maxBytes', { limits: { output: { maxBytes: 1e7 } } }, 'raises 32768 to 10000000'],
    ['limits.toolTimeoutMs', { limits: { toolTimeoutMs: 1e9 } }, 'raises'],
    ['shell.timeoutCapMs', { shell: { timeoutCapMs: 1e8 } }, 'raises'],
    ['approvals.timeoutMs', { approvals: { timeoutMs: 1e8 } }, 'raises'],
    ['stateDir', { stateDir: '/tmp' }, 'outside the workspace'],
    ['store', { store: false }, 'audit trail'],
    ['store', { store: 'memory' }, 'audit trail'],
    ['store', { store: { path: '../elsewhere.db' } }, 'outside the state directory'],
  ];

  test.each(widening)(
    '%s: ignored with a warning naming it and --trust-project; honoured when trusted',
    (key, project, reason) => {
      const { ws, env } = setup({
        [PROJECT]: project,
        'session.json': {},
        // The user's own settings the project would widen from.
        [USER]: key === 'network.mode' ? { network: { mode: 'restricted' } } : {},
      });
      const untrusted = loadConfig({ cwd: ws, env });
      expect(untrusted.errors).toEqual([]);
      expect(untrusted.sources[key]!.source).not.toBe('project');
      expect(untrusted.sources[key]!.ignored![0]).toMatchObject({ source: 'project' });
      expect(untrusted.sources[key]!.ignored![0]!.reason).toContain(reason);
      const warning = untrusted.warnings.find(
        (w) => w.path.startsWith(key) && w.message.startsWith('ignored'),
      );
      expect(warning).toMatchObject({ layer: 'project', file: path.join(ws, PROJECT) });
      expect(warning!.line).toBeGreaterThan(0);
      expect(warning).toMatchObject({ code: 'ignored', hint: expect.stringContaining('--trust-project') });
      expect(untrusted.files[1]).toMatchObject({ layer: 'project', found: true, trusted: false });

      const trusted = loadConfig({ cwd: ws, env, trustProject: true });
      expect(trusted.errors).toEqual([]);
      expect(trusted.sources[key]!.source).toBe('project');
      expect(trusted.sources[key]!.ignored).toBeUndefined();
    },
  );

  test('what only tightens is used: stricter profile, narrower roots, deny, closed mode, lower limits', () => {
    const { ws, env } = setup({
      [USER]: { profile: 'auto_accept_edits', network: { mode: 'restricted', allow: ['a.example'] } },
      [PROJECT]: {
        profile: 'read_only',
        roots: [
          { path: 'src', access: 'write' },
          { path: 'docs', access: 'read' },
        ],
        denyRead: ['**/secrets/**'],
        protectedPaths: ['Makefile'],
        sandbox: { backend: 'bwrap', runAs: 'auto' },
        network: { mode: 'disabled', deny: ['b.example'], commands: 'off', timeoutMs: 1000 },
        webSearch: false,
        limits: { maxCallsPerTurn: 10, retryBudget: { perTurn: 5 } },
        shell: { timeoutDefaultMs: 5000 },
        stateDir: '.handrail/state',
        store: { path: 'events.db' },
        approvals: { timeoutMs: 1000 },
      },
      'src/x': '',
      'docs/y': '',
    });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.errors).toEqual([]);
    expect(loaded.warnings).toEqual([]);
    const fromProject = Object.entries(loaded.sources)
      .filter(([, s]) => s.source === 'project')
      .map(([k]) => k);
    expect(fromProject.sort()).toEqual(
      [
        'profile',
        'roots',
        'denyRead',
        'protectedPaths',
        'sandbox.backend',
        'sandbox.runAs',
        'network.mode',
        'network.deny',
        'network.commands',
        'network.timeoutMs',
        'webSearch',
        'limits.maxCallsPerTurn',
        'limits.retryBudget.perTurn',
        'shell.timeoutDefaultMs',
        'stateDir',
        'store',
        'approvals.timeoutMs',
      ].sort(),
    );
    expect(loaded.options.process).toEqual({ timeoutDefaultMs: 5000 });
  });

  test('a root that is a symbolic link inside the workspace counts where it points', () => {
    const { ws, env } = setup({ 'real/x': '' });
    const outside = sharedTempDir('handrail-config-outside-');
    symlinkSync(outside, path.join(ws, 'link'));
    writeFileSync(path.join(ws, 'x.json'), '{}');
    mkdirSync(path.join(ws, '.handrail'));
    writeFileSync(path.join(ws, PROJECT), JSON.stringify({ roots: [{ path: 'link', access: 'write' }] }));
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.sources.roots!.source).toBe('default');
    expect(loaded.sources.roots!.ignored![0]!.reason).toMatch(/outside the roots set so far/);
  });

  test('a project may not make writable what the user made read-only', () => {
    const { ws, env } = setup({
      [USER]: { roots: [{ path: '.', access: 'read' }] },
      [PROJECT]: { roots: [{ path: 'src', access: 'write' }] },
      'src/x': '',
    });
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.sources.roots).toMatchObject({ source: 'user', value: [{ path: ws, access: 'read' }] });
    expect(loaded.sources.roots!.ignored![0]!.reason).toMatch(
      /would be writable where the roots set so far are read-only/,
    );
  });
});
