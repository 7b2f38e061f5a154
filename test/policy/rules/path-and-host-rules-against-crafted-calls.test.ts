// Path, host and layer rules against crafted calls, with real intents from the built-in tools.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { decideStatic } from '../../../src/policy/index.js';
import type { PermissionMode } from '../../../src/policy/modes.js';
import { evaluateRules, type PolicyObject } from '../../../src/policy/rules/index.js';
import type { PermissionIntent } from '../../../src/types/index.js';
import { sharedTempDir } from '../../support/temp.js';
import { intentFor, policy } from '../helpers.js';

const ws = sharedTempDir('handrail-policy-');
const outside = sharedTempDir('handrail-policy-');
mkdirSync(path.join(ws, 'secrets'));
mkdirSync(path.join(ws, 'src'));
writeFileSync(path.join(ws, 'secrets', 'key'), 'k');
symlinkSync(path.join(ws, 'secrets'), path.join(ws, 'link'));
symlinkSync(outside, path.join(ws, 'out'));

const read = (p: string) => intentFor('read_file', { path: p }, ws);
const write = (p: string) => intentFor('write_file', { path: p, content: 'x' }, ws);
const verdict = (p: PolicyObject, intent: PermissionIntent) =>
  evaluateRules(policy(ws, { project: p }), intent)?.behavior;

describe('path deny rules see the canonical path', () => {
  const deny = { deny: ['read_file(./secrets/**)'] };
  test.each([
    'secrets/key',
    './secrets/key',
    'secrets//key',
    'secrets/./key',
    'src/../secrets/key',
    'secrets/key/',
    'link/key',
    'secrets',
    'link',
    'secrets/new-file',
  ])('%s is denied', (p) => {
    expect(verdict(deny, read(p))).toBe('deny');
    expect(verdict(deny, read(path.join(ws, p)))).toBe('deny');
  });

  test('a rule written against the symlinked spelling matches the real path', () => {
    expect(verdict({ deny: ['read_file(./link/**)'] }, read('secrets/key'))).toBe('deny');
  });

  test('a bare name matches at any depth under the workspace', () => {
    const p = { deny: ['Read(.env)'] };
    expect(verdict(p, read('.env'))).toBe('deny');
    expect(verdict(p, read('a/b/.env'))).toBe('deny');
    expect(verdict(p, read('a/.env/x'))).toBe('deny');
    expect(verdict(p, read('a/.envx'))).toBeUndefined();
  });
});

describe('path allow rules cover exactly their paths', () => {
  const allow = { allow: ['write_file(./src/**)', 'apply_patch(./src/**)'] };
  test('writes through .. or a symlink out of src are not allowed', () => {
    expect(verdict(allow, write('src/a.ts'))).toBe('allow');
    expect(verdict(allow, write('src/../a.ts'))).toBeUndefined();
    expect(verdict(allow, write('src/../out/a.ts'))).toBeUndefined();
    expect(verdict(allow, write(path.join(outside, 'a.ts')))).toBeUndefined();
  });

  test('apply_patch needs every path, move targets included', () => {
    const patch = (body: string) =>
      intentFor('apply_patch', { patch: `*** Begin Patch\n${body}\n*** End Patch` }, ws);
    expect(verdict(allow, patch('*** Add File: src/n.ts\n+x'))).toBe('allow');
    const move = patch('*** Update File: src/a.ts\n*** Move to: ../escape.ts\n@@\n-a\n+b');
    expect(move.scope.paths).toContain(path.join(path.dirname(ws), 'escape.ts'));
    expect(verdict(allow, move)).toBeUndefined();
    expect(verdict(allow, patch('*** Add File: src/n.ts\n+x\n*** Add File: out/x\n+y'))).toBeUndefined();
  });

  test('a deny on the move target beats the allow on the source', () => {
    const p = { allow: ['apply_patch(./src/**)'], deny: ['apply_patch(./secrets)'] };
    const move = intentFor(
      'apply_patch',
      {
        patch:
          '*** Begin Patch\n*** Update File: src/a.ts\n*** Move to: secrets/a.ts\n@@\n-a\n+b\n*** End Patch',
      },
      ws,
    );
    expect(verdict(p, move)).toBe('deny');
  });
});

describe('auto_accept_edits writable roots', () => {
  const decide = (intent: PermissionIntent, roots: string[], mode: PermissionMode = 'auto_accept_edits') =>
    decideStatic(mode, undefined, intent, { writableRoots: roots }).behavior;

  test('a write through a symlink in the root to outside it asks', () => {
    expect(decide(write('src/a.ts'), [ws])).toBe('allow');
    expect(decide(write('out/a.ts'), [ws])).toBe('ask');
    expect(decide(write('../x'), [ws])).toBe('ask');
  });

  test('a symlinked root covers its real directory, and no sibling with a common prefix', () => {
    const root = path.join(outside, 'root-link');
    symlinkSync(path.join(ws, 'src'), root);
    expect(decide(write('src/a.ts'), [root])).toBe('allow');
    expect(decide(write(path.join(root, 'b.ts')), [root])).toBe('allow');
    expect(decide(write('src2/a.ts'), [path.join(ws, 'src')])).toBe('ask');
  });
});

describe('host rules', () => {
  const fetch = (url: string) => intentFor('web_fetch', { url }, ws);
  const allow = { allow: ['web_fetch(domain:allowed.com)', 'web_fetch(domain:*.docs.rs)'] };
  test.each([
    'https://evil.com/allowed.com',
    'https://allowed.com@evil.com/',
    'https://allowed.com.evil.com/',
    'https://evil.com/?u=https://allowed.com',
    'https://xallowed.com/',
    'https://docs.rs/',
    'https://evildocs.rs/',
    'https://docs.rs.evil.com/',
  ])('%s is not allowed', (url) => {
    expect(verdict(allow, fetch(url))).toBeUndefined();
  });

  test.each([
    'https://allowed.com/',
    'https://ALLOWED.com/',
    'https://allowed.com./',
    'https://allowed.com:8443/x',
    'https://a.docs.rs/',
  ])('%s is allowed', (url) => {
    expect(verdict(allow, fetch(url))).toBe('allow');
  });

  test('deny on a host catches case, a trailing dot, a port, credentials and IDN spellings', () => {
    const deny = { deny: ['web_fetch(domain:evil.com)', 'web_fetch(domain:bücher.de)'] };
    for (const url of [
      'https://EVIL.com/',
      'https://evil.com./',
      'http://evil.com:81/',
      'https://user:pw@evil.com/',
      'https://evil%2Ecom/',
      'https://evil。com/',
      'https://xn--bcher-kva.de/',
      'https://BÜCHER.de/',
    ])
      expect(verdict(deny, fetch(url)), url).toBe('deny');
  });
});

describe('layers: a lower layer never loosens a higher one', () => {
  const both = (
    layers: Parameters<typeof policy>[1],
    intent: PermissionIntent,
    mode: PermissionMode = 'supervised',
  ) => decideStatic(mode, policy(ws, layers), intent, { writableRoots: [ws] }).behavior;
  const npm = () => intentFor('exec_command', { cmd: 'npm test' }, ws);

  test('session or user allow does not beat a managed or project ask / deny', () => {
    expect(
      both({ managed: { deny: ['exec_command(npm:*)'] }, session: { allow: ['exec_command'] } }, npm()),
    ).toBe('deny');
    expect(
      both({ project: { ask: ['exec_command(npm test)'] }, user: { allow: ['*'] } }, npm(), 'full_access'),
    ).toBe('ask');
    expect(both({ managed: { deny: ['Bash'] }, session: { allow: ['exec_command(npm test)'] } }, npm())).toBe(
      'deny',
    );
    expect(
      both({ managed: { deny: ['Read(./secrets)'] }, user: { allow: ['read_file'] } }, read('link/key')),
    ).toBe('deny');
    expect(
      both(
        {
          managed: { rules: [{ tool: '*', path: './secrets', decision: 'deny' }] },
          session: { allow: ['*'] },
        },
        read('secrets/key'),
      ),
    ).toBe('deny');
  });

  test('a lower layer can tighten', () => {
    expect(
      both(
        { managed: { allow: ['exec_command(npm test)'] }, session: { deny: ['exec_command(npm:*)'] } },
        npm(),
      ),
    ).toBe('deny');
  });
});
