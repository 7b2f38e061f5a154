import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runPolicyCheck } from '../../src/cli/policy-check.js';
import { sharedTempDir } from '../support/temp.js';

function setup(files: Record<string, unknown>) {
  const ws = sharedTempDir('handrail-policy-');
  const home = sharedTempDir('handrail-home-');
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(rel.startsWith('~/') ? home : ws, rel.replace(/^~\//, ''));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return { ws, home };
}

async function run(argv: string[], where: { ws: string; home: string }) {
  let stdout = '';
  let stderr = '';
  const code = await runPolicyCheck(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    cwd: where.ws,
    env: { HOME: where.home },
  });
  return { code, stdout, stderr };
}

describe('handrail policy check', () => {
  test('one summary line per layer, exit 0, warnings on stderr', async () => {
    const where = setup({
      '.handrail/policy.json': {
        allow: ['exec_command(git status)', 'read_fil'],
        deny: ['exec_command(rm:*)'],
        rules: [],
      },
      '~/.config/handrail/policy.json': { ask: ['web_fetch(domain:example.com)'] },
    });
    const r = await run(['--trust-project'], where);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/project .*\.handrail\/policy\.json: 2 allow \/ 0 ask \/ 1 deny \/ 0 rules/);
    expect(r.stdout).toMatch(
      /user .*\.config\/handrail\/policy\.json: 0 allow \/ 1 ask \/ 0 deny \/ 0 rules/,
    );
    expect(r.stderr).toMatch(/warning: .*allow\[1\]: no tool is named "read_fil"/);
    expect(r.stdout).toMatch(/0 errors, 1 warning/);
    // Untrusted, the project's allow rules are reported as unused.
    const untrusted = await run([], where);
    expect(untrusted.stderr).toMatch(/2 allow rules are not used: a project policy only tightens/);
    expect(untrusted.stdout).toMatch(/0 errors, 2 warnings/);
  });

  test('errors name file, JSON path and problem; exit 1', async () => {
    const where = setup({
      '.handrail/policy.json':
        '{\n  "deny": ["exec_command(ls"],\n  "rules": [{"tool": "x", "decision": "nope"}]\n}',
    });
    const r = await run([], where);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: .*policy\.json: rules\[0\]\.decision: must be one of/);
    const bad = setup({ 'p.json': '{"allow": [}' });
    const s = await run(['--policy', 'p.json'], bad);
    expect(s.code).toBe(1);
    expect(s.stderr).toMatch(/p\.json: \(file\): invalid JSON at line 1, column 12/);
  });

  test('--policy FILE checks just that file; --root picks the workspace', async () => {
    const where = setup({
      'custom.json': { deny: ['read_file(./secrets/**)'] },
      '.handrail/policy.json': '{',
    });
    const r = await run(['--policy', path.join(where.ws, 'custom.json')], where);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/custom\.json: 0 allow \/ 0 ask \/ 1 deny/);
    const other = setup({});
    const s = await run(['--root', where.ws], other);
    expect(s.code).toBe(1); // the broken project file of --root
  });

  test('--json', async () => {
    const where = setup({
      '.handrail/policy.json': { allow: ['exec_command(git push)'], deny: ['exec_command(git push:*)'] },
    });
    const r = await run(['--json', '--trust-project'], where);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ ok: true, layers: [{ layer: 'project', allow: 1, deny: 1 }], errors: [] });
    expect(report.warnings[0].message).toMatch(/can never allow/);
  });

  test('no policy files, bad usage', async () => {
    const where = setup({});
    const r = await run([], where);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no policy files \(looked for/);
    expect((await run(['--bogus'], where)).code).toBe(2);
    expect((await run(['--policy'], where)).code).toBe(2);
    expect((await run(['--help'], where)).stdout).toMatch(/Usage: handrail policy check/);
  });
});
