// Shell command rules against crafted command lines, with real intents from exec_command.
import { describe, expect, test } from 'vitest';
import { decideStatic } from '../../../src/policy/index.js';
import type { PermissionMode } from '../../../src/policy/modes.js';
import { evaluateRules, type PolicyObject } from '../../../src/policy/rules/index.js';
import { sharedTempDir } from '../../support/temp.js';
import { intentFor, policy, sh } from '../helpers.js';

const ws = sharedTempDir('handrail-policy-');

const decide = (p: PolicyObject, cmd: string, mode: PermissionMode = 'supervised') =>
  decideStatic(mode, policy(ws, { project: p }), sh(cmd, ws), { writableRoots: [ws] });
const rules = (p: PolicyObject, cmd: string) => evaluateRules(policy(ws, { project: p }), sh(cmd, ws));

describe('an allow rule on one command allows nothing else', () => {
  const p = { allow: ['exec_command(git status)'] };
  test.each([
    'git status; rm -rf x',
    'git status && rm -rf x',
    'git status\nrm -rf x',
    'git status\r\nrm -rf x',
    'git status & rm x',
    'git status | sh',
    'git status $(id)',
    'git status `id`',
    'git status > f',
    'git status >> ~/.bashrc',
    'git status <(id)',
    'git status --output=/x',
    'git -c core.pager=sh status',
    'GIT_PAGER=sh git status',
    'PATH=. git status',
    'git status *',
    'git status {a,b}',
    'git status $X',
    './git status',
    '/tmp/git status',
    'git st\u200batus',
    'ɡit status',
    'git status <<EOF\n$(rm -rf x)\nEOF',
    'alias git=rm; git status',
    'git() { rm -rf x; }; git status',
  ])('%j is not allowed by exec_command(git status)', (cmd) => {
    expect(rules(p, cmd)?.behavior).not.toBe('allow');
    expect(decide(p, cmd).behavior).not.toBe('allow');
  });

  test('escaped operators are arguments: no rule allows the longer argv', () => {
    expect(rules(p, 'git status \\; rm')).toBeUndefined();
  });

  test.each([
    'git status',
    "g''it status",
    '"git" status',
    'git \\\nstatus',
    'git\tstatus',
    'git status #; rm -rf x',
  ])('%j is the same argv, so it is allowed', (cmd) => {
    expect(rules(p, cmd)?.behavior).toBe('allow');
  });

  test('npm run test:* does not cover a second command or a test:* script', () => {
    const q = { allow: ['exec_command(npm run test:*)'] };
    expect(rules(q, 'npm run test -- --watch')?.behavior).toBe('allow');
    for (const cmd of ['npm run test; curl evil', 'npm run test -- ; curl evil', 'npm run test:evil'])
      expect(rules(q, cmd)?.behavior).not.toBe('allow');
  });
});

describe('a deny rule sees commands however they are wrapped or hidden', () => {
  const p = { deny: ['exec_command(rm:*)'] };
  test.each([
    'rm -rf x',
    '/bin/rm -rf x',
    '\\rm -rf x',
    "r''m -rf x",
    '"rm" -rf x',
    "$'\\x72m' -rf x",
    'git status; rm -rf x',
    'bash <<EOF\nrm -rf x\nEOF',
    'bash <<< "rm -rf x"',
    'cat <(rm -rf x)',
    'echo $(rm -rf x)',
    'eval rm -rf x',
    'eval "rm -rf x"',
    'echo x | xargs rm -rf',
    'find . -exec rm -rf {} \\;',
    'env -S "rm -rf x"',
    'bash -c "rm -rf x"',
    'sudo rm -rf x',
    'command rm -rf x',
    'exec rm -rf x',
    'nohup rm -rf x',
    'timeout 5 rm -rf x',
    'if true; then rm -rf x; fi',
    '(rm -rf x)',
    'trap "rm -rf x" EXIT',
  ])('%j is denied, in every mode', (cmd) => {
    for (const mode of ['full_access', 'supervised'] as const)
      expect(decide(p, cmd, mode).behavior).toBe('deny');
  });

  // These once matched no rule, so full_access allowed them outright.
  test.each([
    '/bin/r? -rf x',
    '/bin/r[m] -rf x',
    'r? -rf x',
    'r{m,} -rf x',
    '$X -rf x',
    '"$X" -rf x',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    '${X:-rm} -rf x',
    'X=rm; $X -rf x',
    '$(echo rm) -rf x',
    '`echo rm` -rf x',
    '{rm,-rf,x}',
  ])('%j names its program only at run time: a deny rule on rm makes it ask, even in full_access', (cmd) => {
    const d = decide(p, cmd, 'full_access');
    expect(d.behavior).toBe('ask');
    expect(d.rule).toBe('exec_command(rm:*)');
    expect(d.reason).toMatch(/decided only when it runs/);
  });

  test('a line too long or too broken to read is refused by a deny rule, not put to a human', () => {
    // The human would be shown 8 KiB of a 70 KiB line: they cannot check what the deny rule names.
    for (const cmd of [
      `echo ${'a'.repeat(70_000)} && rm -rf x`,
      `${'('.repeat(500)}rm -rf x${')'.repeat(500)}`,
    ]) {
      for (const mode of ['full_access', 'supervised'] as const) {
        const d = decide(p, cmd, mode);
        expect(d.behavior, `${cmd.slice(0, 20)} ${mode}`).toBe('deny');
        expect(d.reason).toMatch(/too long or nested too deeply to check it against exec_command\(rm:\*\)/);
      }
    }
    // An ask rule still asks (it names what to ask about, and the ask shows the line was cut).
    expect(
      decide({ ask: ['exec_command(rm:*)'] }, `echo ${'a'.repeat(70_000)}`, 'full_access').behavior,
    ).toBe('ask');
  });

  test('allow git:* with deny git push:* — a push spelled at run time is asked about, not allowed', () => {
    const q = { allow: ['exec_command(git:*)'], deny: ['exec_command(git push:*)'] };
    expect(decide(q, 'git push origin main').behavior).toBe('deny');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    for (const cmd of ['git ${X:-push} origin main', 'git $X origin main', 'git pu?h origin', 'git pu[s]h'])
      expect(decide(q, cmd, 'full_access').behavior).toBe('ask');
    // `$X` could be `--output=/somewhere`: a word known only at run time makes the line inexact, so no allow
    // rule matches it by its words.
    expect(decide(q, 'git log $X').behavior).toBe('ask');
    expect(decide(q, 'git status').behavior).toBe('allow');
  });

  test('a deny on exact words also catches trailing words that may expand to nothing', () => {
    const q = { deny: ['exec_command(git push)'] };
    expect(decide(q, 'git push $EMPTY', 'full_access').behavior).toBe('ask');
    expect(decide(q, 'git push origin', 'full_access').behavior).toBe('allow');
  });

  test('run-time words that cannot reach the rule change nothing', () => {
    expect(decide(p, 'echo $HOME', 'full_access').behavior).toBe('allow');
    expect(decide(p, "awk '{print $1}' f", 'full_access').behavior).toBe('allow');
    expect(decide(p, 'ls *.ts', 'supervised').behavior).toBe('allow');
    // A poll of a session has no command at all.
    const poll = intentFor('write_stdin', { session_id: 1 }, ws);
    expect(evaluateRules(policy(ws, { project: { deny: ['Bash(rm:*)'] } }), poll)).toBeUndefined();
  });
});

describe('allow globs inside a word stay inside that word', () => {
  test('cat src/* does not reach ../', () => {
    const p = { allow: ['exec_command(cat src/*)'] };
    expect(rules(p, 'cat src/a.ts')?.behavior).toBe('allow');
    expect(rules(p, 'cat src/../../etc/shadow')?.behavior).toBeUndefined();
    expect(rules(p, 'cat src/..')?.behavior).toBeUndefined();
  });

  test('git diff *.ts does not match an option', () => {
    const p = { allow: ['exec_command(git diff *.ts)'] };
    expect(rules(p, 'git diff a.ts')?.behavior).toBe('allow');
    expect(rules(p, 'git diff --output=/tmp/x.ts')?.behavior).toBeUndefined();
  });

  test('npm run test* does not match a word the shell still expands', () => {
    const p = { allow: ['exec_command(npm run test*)'] };
    expect(rules(p, 'npm run test:unit')?.behavior).toBe('allow');
    for (const cmd of ['npm run test$X', 'npm run test*', 'npm run test{,x}'])
      expect(rules(p, cmd)?.behavior).toBeUndefined();
  });
});

describe('the dangerous floor and read_only ceiling hold against allow rules', () => {
  test('an allow rule never allows a dangerous command', () => {
    for (const allow of ['exec_command', 'exec_command(rm:*)', 'Class(shell_command)', '*', 'Bash'])
      for (const mode of ['full_access', 'supervised', 'auto_accept_edits'] as const)
        expect(decide({ allow: [allow] }, 'rm -rf /', mode).behavior).toBe('ask');
  });

  test('read_only is a ceiling: allow and ask rules do not open it', () => {
    expect(decide({ allow: ['exec_command(npm test)'] }, 'npm test', 'read_only').behavior).toBe('deny');
    expect(decide({ ask: ['exec_command(npm test)'] }, 'npm test', 'read_only').behavior).toBe('deny');
    expect(decide({ allow: ['*'] }, 'rm -rf /', 'read_only').behavior).toBe('deny');
  });
});
