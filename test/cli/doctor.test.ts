// `handrail doctor` through the command line: in-process (runCli with captured streams) and one spawn of
// the built binary. What the sandbox lines say depends on the machine; the rest is set up by each test.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Check } from '../../src/cli/doctor-checks.js';
import { runCliCaptured } from '../support/cli.js';
import { cliBin } from '../support/repo.js';
import { tempDir } from '../support/temp.js';

const require = createRequire(import.meta.url);

interface Report {
  ok: boolean;
  confined: boolean;
  workspace: string;
  checks: Check[];
}

/** A workspace holding `files` (relative path → JSON or text) and a home of its own. */
function setup(files: Record<string, unknown> = {}) {
  const ws = tempDir('handrail-doctor-');
  const home = tempDir('handrail-doctor-home-');
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(ws, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return { ws, home };
}

async function doctor(argv: string[], where: { ws: string; home: string }) {
  return runCliCaptured(['doctor', ...argv], where.ws, { HOME: where.home, PATH: process.env.PATH });
}

async function report(argv: string[], where: { ws: string; home: string }) {
  const r = await doctor(['--json', ...argv], where);
  const parsed = JSON.parse(r.stdout) as Report;
  return { code: r.code, report: parsed, check: (id: string) => parsed.checks.find((c) => c.id === id)! };
}

describe('handrail doctor', () => {
  test('checks every backend, the command sandbox, ripgrep, the store, config, policy and network', async () => {
    const where = setup();
    const { code, report: r, check } = await report([], where);
    expect(r.checks.map((c) => c.id)).toEqual([
      'node',
      'sandbox.bwrap',
      'sandbox.landlock',
      'sandbox',
      'ripgrep',
      'pty',
      'store',
      'config',
      'policy',
      'network',
    ]);
    // A backend that cannot run says why and what to do; one that can says so.
    for (const backend of [check('sandbox.bwrap'), check('sandbox.landlock')]) {
      if (backend.status === 'fail') {
        expect(backend.detail).toMatch(/cannot run here: \S/);
        expect(backend.fix).toBeTruthy();
      } else expect(backend.detail).toMatch(/runs commands/);
    }
    // The exit status is the verdict: commands confined and nothing required broken.
    expect(code).toBe(r.ok ? 0 : 1);
    expect(r.ok).toBe(r.confined && r.checks.every((c) => !c.required || c.status !== 'fail'));
    expect(check('config')).toMatchObject({ status: 'ok', detail: 'no configuration files (the defaults)' });
    expect(check('policy')).toMatchObject({ status: 'ok' });
    expect(check('store')).toMatchObject({ status: 'ok' });
    expect(check('store').detail).toContain(path.join(where.ws, '.handrail', 'handrail.db'));
    expect(check('network').detail).toMatch(/^enabled: web tools reach any public host/);
    // Looking did not make the state directory.
    expect(existsSync(path.join(where.ws, '.handrail'))).toBe(false);
  });

  test('--sandbox none: ! commands run unconfined, and the exit status is 1', async () => {
    const where = setup();
    const { code, report: r, check } = await report(['--sandbox', 'none'], where);
    expect(code).toBe(1);
    expect(r.confined).toBe(false);
    expect(check('sandbox')).toMatchObject({ status: 'warn' });
    expect(check('sandbox').detail).toContain(
      'run unconfined, without an OS sandbox (sandbox "none", from the flag)',
    );
    const text = await doctor(['--sandbox', 'none'], where);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('! commands: run unconfined');
    expect(text.stdout).toContain('Not ready: commands cannot run confined.');
  });

  test('an invalid config file is ✗ with its place; an invalid policy file too; exit 1', async () => {
    const where = setup({
      '.handrail/config.json': '{\n  "profile": "bogus"\n}\n',
      '.handrail/policy.json': { rules: [{ tool: 'bash', decision: 'maybe' }] },
    });
    const config = path.join(where.ws, '.handrail', 'config.json');
    const policy = path.join(where.ws, '.handrail', 'policy.json');
    const { code, report: r, check } = await report([], where);
    expect(code).toBe(1);
    expect(r.ok).toBe(false);
    expect(check('config')).toMatchObject({ status: 'fail', required: true });
    expect(check('config').detail).toContain(`${config}:2:14: profile: must be one of`);
    expect(check('policy').status).toBe('fail');
    expect(check('policy').detail).toContain(`${policy}: rules[0].decision: must be one of`);
    const text = await doctor([], where);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('✗ configuration: invalid:');
    expect(text.stdout).toContain(`    ${config}:2:14: profile:`);
    expect(text.stdout).toContain('→ Fix each place named');
    expect(text.stdout).toContain('Not ready: fix the configuration, the policy files.');
  });

  test('a state directory that cannot be made is ✗ for the store', async () => {
    const where = setup({ 'a-file': 'not a directory\n' });
    const { code, check } = await report(['--state-dir', path.join(where.ws, 'a-file', 'state')], where);
    expect(code).toBe(1);
    expect(check('store').status).toBe('fail');
    expect(check('store').detail).toContain('is not writable');
    expect(check('store').fix).toContain('--state-dir');
  });

  test('restricted network: the mode and how many hosts', async () => {
    const where = setup();
    const { check } = await report(['--network', 'restricted', '--allow-host', 'docs.python.org'], where);
    expect(check('network')).toMatchObject({ status: 'ok' });
    expect(check('network').detail).toMatch(/^restricted: web tools reach 1 allowed host pattern/);
  });

  test('configured MCP servers: each started, ready or not with why, then stopped; a failure only warns', async () => {
    const where = setup({
      'mcp.json': {
        mcpServers: {
          fs: {
            command: process.execPath,
            args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), '.'],
          },
          broken: { command: '/nonexistent/mcp-server' },
        },
      },
    });
    const { report: r, check } = await report(['--mcp-config', 'mcp.json'], where);
    expect(check('mcp')).toMatchObject({ status: 'warn', required: false });
    expect(check('mcp').detail).toMatch(/^1 of 2 not ready/);
    expect(check('mcp').detail).toMatch(/\nfs: ready, \d+ tools \(stdio\)/);
    expect(check('mcp').detail).toMatch(/\nbroken: failed: .*\/nonexistent\/mcp-server/);
    expect(check('mcp').fix).toMatch(/network\.commands/);
    // Without servers there is no such line.
    const none = await report([], setup());
    expect(none.report.checks.map((c) => c.id)).not.toContain('mcp');
    expect(r.checks.filter((c) => c.id === 'mcp')).toHaveLength(1);
  });
});

describe.skipIf(!existsSync(cliBin))('handrail doctor (the built command)', () => {
  test('prints ✓ / ! / ✗ lines and a verdict; the exit status matches it', () => {
    const where = setup();
    const r = spawnSync(process.execPath, [cliBin, 'doctor', '--root', where.ws], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: where.home },
      timeout: 30_000,
    });
    expect(r.stdout).toContain(`handrail doctor for ${where.ws}`);
    expect(r.stdout).toMatch(/^[✓!✗] sandbox bwrap: /m);
    expect(r.stdout).toMatch(/^✓ configuration: /m);
    const ready = r.stdout.includes('Ready: commands can run confined.');
    expect(ready || r.stdout.includes('Not ready:')).toBe(true);
    expect(r.status).toBe(ready ? 0 : 1);
    expect(r.stderr).toBe('');
  });
});

describe('what doctor tells you to do about a sandbox', () => {
  test.each([
    ['bwrap is not installed (install the bubblewrap package).', /apt install bubblewrap/],
    [
      'a test command in bwrap failed (exit code 1): bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces.',
      /unprivileged user namespaces/,
    ],
    ['bwrap: setting up uid map: Permission denied', /unprivileged user namespaces/],
    ['the Landlock helper is missing: no C compiler', /C compiler/],
    ['the kernel does not offer Landlock (ENOSYS).', /Linux 5\.13/],
    ['bwrap needs Linux.', /need Linux/],
  ])('%s', async (reason, fix) => {
    const { sandboxFix } = await import('../../src/cli/doctor-checks.js');
    expect(sandboxFix(reason)).toMatch(fix);
  });
});
