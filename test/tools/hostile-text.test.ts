// Hostile text through the public API: names in another Unicode normalization than the rule that guards
// them, and text that cannot be written as UTF-8.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, type RuntimeOptions } from '../../src/index.js';
import { text } from '../support/results.js';
import { call, makeRuntime } from '../support/runtime.js';
import { bwrapInstalled } from '../support/sandbox.js';
import { tempDir } from '../support/temp.js';
import { own, ownedTempDir } from '../support/users.js';

const NFC = 'café';
const NFD = 'cafe\u0301';

function turnIn(ws: string, options: RuntimeOptions = {}) {
  return makeRuntime({
    workspace: ws,
    tools: builtinTools(),
    sandbox: 'none',
    store: false,
    policyFiles: { user: null, managed: null, project: null },
    ...options,
  }).beginTurn();
}

describe('deny and protect rules match every normalization of a name', () => {
  test.each([
    ['NFC rule, NFD name on disk', NFC, NFD],
    ['NFD rule, NFC name on disk', NFD, NFC],
  ])('denyRead: %s', async (_label, ruleName, diskName) => {
    const ws = tempDir();
    mkdirSync(path.join(ws, 'secrets'));
    writeFileSync(path.join(ws, 'secrets', diskName), 'password=1\n');
    const turn = turnIn(ws, { denyRead: [`secrets/${ruleName}`] });
    for (const asked of [NFC, NFD]) {
      const result = await turn.call(call('read_file', { path: `secrets/${asked}` }));
      expect(result.isError).toBe(true);
      expect(text(result)).not.toContain('password');
    }
    const listing = await turn.call(call('grep_files', { pattern: 'password', path: '.' }));
    expect(text(listing)).not.toContain('password=1');
  });

  test.each([
    ['NFC rule, NFD name', NFC, NFD],
    ['NFD rule, NFC name', NFD, NFC],
  ])('protectedPaths: %s stays read-only', async (_label, ruleName, name) => {
    const ws = tempDir();
    const turn = turnIn(ws, { profile: 'full_access', protectedPaths: [`**/${ruleName}.cfg`] });
    const result = await turn.call(call('write_file', { path: `${name}.cfg`, content: 'x' }));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(readdirSync(ws).filter((f) => f.endsWith('.cfg'))).toEqual([]);
  });

  test('a policy deny rule written in NFC denies the NFD spelling', async () => {
    const ws = tempDir();
    writeFileSync(path.join(ws, `${NFD}.txt`), 'secret\n');
    const turn = turnIn(ws, { profile: 'full_access', policy: { deny: [`read_file(./${NFC}.txt)`] } });
    const result = await turn.call(call('read_file', { path: `${NFD}.txt` }));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('permission_denied');
  });
});

describe.skipIf(!bwrapInstalled)('deny rules hold for commands in every normalization', () => {
  test.each([
    ['secrets/café', NFD],
    [`secrets/${NFD}`, NFC],
    ['**/café', NFD],
    ['secrets/caf?', NFD],
  ])('denyRead %j hides a file named %j on disk from cat', async (rule, diskName) => {
    const ws = ownedTempDir();
    mkdirSync(path.join(ws, 'secrets'));
    own(path.join(ws, 'secrets'));
    writeFileSync(path.join(ws, 'secrets', diskName), 'TOPSECRET\n');
    own(path.join(ws, 'secrets', diskName));
    const turn = turnIn(ws, { profile: 'full_access', sandbox: 'bwrap', denyRead: [rule] });
    const result = await turn.call(call('exec_command', { cmd: 'cat secrets/*; ls secrets' }));
    expect(text(result)).not.toContain('TOPSECRET');
  });
});

describe('policy rules on commands match every normalization of their words', () => {
  test.each([
    ['NFC rule, NFD command', `exec_command(rm ${NFC}*)`, `rm ${NFD}.txt`],
    ['NFD rule, NFC command', `exec_command(rm ${NFD}*)`, `rm ${NFC}.txt`],
    ['NFC literal rule, NFD command', `exec_command(cat secrets/${NFC})`, `cat secrets/${NFD}`],
  ])('deny: %s is refused', async (_label, rule, cmd) => {
    const ws = tempDir();
    const result = await turnIn(ws, { profile: 'full_access', policy: { deny: [rule] } }).call(
      call('exec_command', { cmd }),
    );
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(text(result)).toContain(rule);
  });

  test('an allow rule stays exact: the other spelling names another file, so it is not allowed', async () => {
    const ws = tempDir();
    const asked: unknown[] = [];
    await turnIn(ws, {
      profile: 'supervised',
      policy: { allow: [`exec_command(rm ${NFC}.txt)`] },
      approver: (r) => {
        asked.push(r);
        return { decision: 'deny' };
      },
    }).call(call('exec_command', { cmd: `rm ${NFD}.txt` }));
    expect(asked).toHaveLength(1);
  });
});

describe('text that cannot be written as UTF-8 is refused, never replaced with U+FFFD', () => {
  test.each([
    ['write_file content', 'write_file', { path: 'a.txt', content: 'ok \ud800 ok' }],
    ['write_file path', 'write_file', { path: 'a\udc00.txt', content: 'x' }],
    ['exec_command', 'exec_command', { cmd: 'echo \ud83d > out.txt' }],
  ])('%s', async (_label, name, args) => {
    const ws = tempDir();
    const result = await turnIn(ws, { profile: 'full_access' }).call(call(name, args));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toMatch(/lone UTF-16 surrogate/);
    expect(readdirSync(ws).filter((f) => f !== '.handrail')).toEqual([]);
    expect(existsSync(path.join(ws, 'out.txt'))).toBe(false);
  });
});

describe('settings with text that cannot be written as UTF-8 are refused where they are loaded', () => {
  test('a policy file whose rule holds a lone surrogate is refused, naming the rule', () => {
    const ws = tempDir();
    const file = path.join(ws, 'policy.json');
    // The escape a broken tool writes for half an emoji: the rule could never match anything.
    writeFileSync(file, '{ "deny": ["read_file(./f.txt)", "read_file(./secret\\ud83d.txt)"] }');
    expect(() => turnIn(ws, { policyFiles: { user: file, managed: null, project: null } })).toThrow(
      /deny\[1\].*lone UTF-16 surrogate/,
    );
  });

  test('a policy file that is not UTF-8 is refused, not read with U+FFFD in its rules', () => {
    const ws = tempDir();
    const file = path.join(ws, 'policy.json');
    // Latin-1 é: decoded leniently it becomes U+FFFD and the deny rule protects nothing.
    writeFileSync(file, Buffer.from('{ "deny": ["read_file(./caf\xe9.txt)"] }', 'latin1'));
    expect(() => turnIn(ws, { policyFiles: { user: file, managed: null, project: null } })).toThrow(
      /not valid UTF-8/,
    );
  });
});

describe('oversized input', () => {
  const big = `echo ${'a'.repeat(200 * 1024)} | wc -c`;
  test('a 200 KiB command gets a clear result, not E2BIG, whatever the profile', async () => {
    const full = await turnIn(tempDir(), { profile: 'full_access' }).call(call('exec_command', { cmd: big }));
    expect(full.outcome.errorClass).toBe('invalid_arguments');
    expect(text(full)).toMatch(/200\.\d KiB; one command line can be at most 128 KiB.*write_file/s);
    const asked: unknown[] = [];
    const supervised = await turnIn(tempDir(), {
      profile: 'supervised',
      approver: (r) => {
        asked.push(r);
        return { decision: 'allow_once' };
      },
    }).call(call('bash', { command: big }));
    expect(supervised.outcome.errorClass).toBe('invalid_arguments');
    // Nobody is asked to approve what could not start anyway.
    expect(asked).toEqual([]);
  });

  test('a command too long to check is asked about even in full_access, and the preview says it was cut', async () => {
    const ws = tempDir();
    const line = `${'true; '.repeat(12_000)}touch ran.txt`;
    const asked: Array<{ preview: string; choices?: string[] }> = [];
    const result = await turnIn(ws, {
      profile: 'full_access',
      approver: (r) => {
        asked.push(r);
        return { decision: 'deny' };
      },
    }).call(call('exec_command', { cmd: line }));
    expect(result.isError).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.choices).toEqual(['allow_once', 'deny']);
    expect(asked[0]!.preview).toMatch(/characters not shown/);
    expect(asked[0]!.preview).toContain('touch ran.txt');
    expect(existsSync(path.join(ws, 'ran.txt'))).toBe(false);
  });
});
