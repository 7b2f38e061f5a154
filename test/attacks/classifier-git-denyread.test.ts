// denyRead hides a file from tools and from the sandbox, not its copy in git's object store: `git show
// HEAD:.env` prints a committed secret without reading the file. A git line that can print stored contents
// (a patch, a blob, blame lines, `status -v`, a pickaxe search) is therefore not `safe` in a repository that
// tracks a denied path: it asks under supervised (the question names the path) and is denied under
// read_only. Lines that print only names, ids and messages stay safe. Real runtime, real bubblewrap, real
// git: before the fix every line below printed the secrets without anyone being asked.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, type RuntimeOptions } from '../../src/index.js';
import { git } from '../support/git.js';
import { text } from '../support/results.js';
import { askingRuntime, call } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { ownAll, ownedTempDir } from '../support/users.js';

const DENY = ['config/prod', '**/.env'];
const SECRET = /s3cr3t|hunter2/;

/** A workspace repository with two commits: the secrets and a public file, then a change to both. */
function secretRepo(): string {
  const ws = ownedTempDir();
  mkdirSync(path.join(ws, 'config/prod'), { recursive: true });
  writeFileSync(path.join(ws, 'config/prod/secret.env'), 'TOKEN=s3cr3t\n');
  writeFileSync(path.join(ws, '.env'), 'DBPASS=hunter2\n');
  writeFileSync(path.join(ws, 'README.md'), 'public\n');
  git(ws, 'init', '-q', '-b', 'main');
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'one');
  writeFileSync(path.join(ws, '.env'), 'DBPASS=hunter2\nMORE=hunter2\n');
  writeFileSync(path.join(ws, 'README.md'), 'public, changed\n');
  git(ws, 'commit', '-q', '-am', 'two');
  ownAll(ws);
  return ws;
}

function harness(ws: string, options: RuntimeOptions = {}) {
  const { runtime, asked } = askingRuntime({
    workspace: ws,
    tools: builtinTools(),
    sandbox: 'bwrap',
    store: false,
    rateLimits: false,
    denyRead: DENY,
    ...options,
  });
  return { turn: runtime.beginTurn(), asked };
}

/** Lines that print what git stores: the ones the classifier calls safe, and kin it already asks about. */
const PRINTING = [
  'git show HEAD:config/prod/secret.env',
  'git show HEAD:.env',
  'git show',
  'git log -p',
  'git log --patch --all',
  'git log -S hunter2 --oneline',
  'git log -L 1,1:.env',
  'git diff HEAD~1',
  'git diff HEAD~1 --stat',
  'git blame HEAD -- .env',
  'git status -v',
  'git --no-pager show HEAD~1:.env',
  'cd config && git show HEAD:.env',
  'git cat-file -p HEAD:.env',
  'git grep hunter2 HEAD',
  'git archive HEAD .env',
  'git stash show -p',
  'git format-patch --stdout HEAD~1',
];

describe.skipIf(!bwrapReady)('git cannot print what denyRead hides from its stored history', () => {
  test('supervised: every line that can print stored contents asks, naming the tracked path', async () => {
    const ws = secretRepo();
    const { turn, asked } = harness(ws);
    for (const cmd of PRINTING) {
      const before = asked.length;
      const result = await turn.call(call('exec_command', { cmd }));
      expect(text(result), cmd).not.toMatch(SECRET);
      expect(result.isError, cmd).toBe(true);
      expect(asked.length, `${cmd} was not asked about`).toBe(before + 1);
    }
    // The lines the classifier alone calls safe are asked about because of the repository, and say why.
    for (const request of asked.slice(0, 13))
      expect(request.reason, request.summary).toContain(
        'the repository tracks .env, which denyRead covers ("**/.env"); git could print it from history',
      );
  });

  test('a denied folder: the question names the tracked file below it', async () => {
    const ws = secretRepo();
    const { turn, asked } = harness(ws, { denyRead: ['config/prod'] });
    const result = await turn.call(call('exec_command', { cmd: 'git show HEAD:config/prod/secret.env' }));
    expect(text(result)).not.toMatch(SECRET);
    expect(asked[0]!.reason).toContain(
      'the repository tracks config/prod/secret.env, which denyRead covers ("config/prod"); git could print it from history',
    );
  });

  test('read_only: the same lines are denied, nothing printed', async () => {
    const ws = secretRepo();
    const { turn, asked } = harness(ws, { profile: 'read_only' });
    for (const cmd of ['git show HEAD:.env', 'git log -p', 'git diff HEAD~1', 'git blame HEAD -- .env']) {
      const result = await turn.call(call('exec_command', { cmd }));
      expect(result.isError, cmd).toBe(true);
      expect(text(result), cmd).not.toMatch(SECRET);
      expect(text(result), cmd).toContain('which denyRead covers');
    }
    expect(asked).toEqual([]);
  });

  test('lines that print only names, ids and messages stay safe there', async () => {
    const ws = secretRepo();
    const { turn, asked } = harness(ws);
    for (const cmd of [
      'git status --short',
      'git log --oneline',
      'git log -n 1 --format=%s',
      'git ls-files',
      'git branch --list',
      'git rev-parse HEAD',
    ]) {
      const result = await turn.call(call('exec_command', { cmd }));
      expect(result.isError, `${cmd}: ${text(result)}`).toBe(false);
      expect(text(result), cmd).not.toMatch(SECRET);
    }
    expect(asked).toEqual([]);
  });

  test('without deny-read rules, printing git lines run as before', async () => {
    const ws = secretRepo();
    const { turn, asked } = harness(ws, { denyRead: [] });
    const result = await turn.call(call('exec_command', { cmd: 'git show HEAD:README.md' }));
    expect(text(result)).toContain('public, changed');
    expect(asked).toEqual([]);
  });

  test('a secret only in history (untracked since) still makes printing lines ask', async () => {
    // The index no longer names it, so no cheap check finds it: with deny-read rules set, every line that can
    // print what git stores asks, and says why.
    const ws = secretRepo();
    git(ws, 'rm', '-q', '-r', '--cached', 'config/prod', '.env');
    git(ws, 'commit', '-q', '-m', 'untrack');
    ownAll(ws);
    const { turn, asked } = harness(ws);
    for (const cmd of [
      'git show HEAD~1:config/prod/secret.env',
      'git log -p',
      'git diff HEAD~2',
      'git show HEAD~1',
    ]) {
      const result = await turn.call(call('exec_command', { cmd }));
      expect(text(result), cmd).not.toMatch(SECRET);
    }
    expect(asked).toHaveLength(4);
    expect(asked[0]!.reason).toMatch(/deny-read rules are set \(config\/prod, \*\*\/\.env\).*history/);
    // Names only: still a plain read.
    expect(text(await turn.call(call('exec_command', { cmd: 'git log --oneline' })))).toContain('untrack');
    expect(asked).toHaveLength(4);
  });

  test('a submodule that tracks a denied path makes the superproject line ask', async () => {
    const ws = ownedTempDir();
    const upstream = path.join(ws, '..', `${path.basename(ws)}-upstream`);
    mkdirSync(upstream);
    git(upstream, 'init', '-q', '-b', 'main');
    writeFileSync(path.join(upstream, '.env'), 'DBPASS=hunter2\n');
    git(upstream, 'add', '-A');
    git(upstream, 'commit', '-q', '-m', 'secret');
    git(ws, 'init', '-q', '-b', 'main');
    writeFileSync(path.join(ws, 'README.md'), 'public\n');
    git(ws, 'add', '-A');
    git(ws, 'submodule', 'add', '-q', upstream, 'vendor');
    git(ws, 'commit', '-q', '-m', 'with submodule');
    ownAll(ws);
    const { turn, asked } = harness(ws);
    const result = await turn.call(call('exec_command', { cmd: 'git diff --submodule=diff HEAD' }));
    expect(text(result)).not.toMatch(SECRET);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.reason).toContain('the repository tracks .env, which denyRead covers ("**/.env")');
  });
});
