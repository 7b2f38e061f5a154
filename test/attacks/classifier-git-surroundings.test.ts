// A `safe` git line is judged by the repository git really uses. The repository's settings are checked
// before the line runs (core.fsmonitor and the other program-running settings make it not safe); these lines
// reach a repository other than the working directory's: through `cd`, `env -C`, a `-C` directory known only
// at run time, `--bare`, or a submodule (and an embedded repository) that `git status` looks into with that
// repository's own settings. Real runtime, real bubblewrap, real git: before the fix each line ran the
// planted fsmonitor command without anyone being asked.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools } from '../../src/index.js';
import { gitCommandHazards } from '../../src/sandbox/git-command-hazards.js';
import { git } from '../support/git.js';
import { text } from '../support/results.js';
import { askingRuntime, call } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { tempDir } from '../support/temp.js';
import { ownAll, ownedTempDir } from '../support/users.js';

/** A repository with one committed file. */
function repo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'f.txt'), 'one\n');
  git(dir, 'add', 'f.txt');
  git(dir, 'commit', '-q', '-m', 'one');
  return dir;
}

/** Set core.fsmonitor in `dir`'s repository to a command that leaves `marker` in the workspace. */
function arm(dir: string, marker: string): void {
  git(dir, 'config', 'core.fsmonitor', `touch ${marker}; false`);
}

function harness(ws: string) {
  const { runtime, asked } = askingRuntime({
    workspace: ws,
    tools: builtinTools(),
    sandbox: 'bwrap',
    store: false,
  });
  return { turn: runtime.beginTurn(), asked };
}

const pwned = (ws: string) => readdirSync(ws).filter((name) => name.startsWith('PWNED'));

describe.skipIf(!bwrapReady)('a safe git line is judged by the repository it really uses', () => {
  test('a nested repository reached by cd, env -C, or a -C directory known only at run time', async () => {
    const ws = ownedTempDir();
    repo(ws);
    mkdirSync(path.join(ws, 'docs'));
    repo(path.join(ws, 'sub'));
    arm(path.join(ws, 'sub'), path.join(ws, 'PWNED'));
    ownAll(ws);
    const h = harness(ws);
    // The workspace's own repository, and a plain directory of it, run without a question.
    for (const cmd of ['git status', 'cd docs && git status', 'git -C docs log -1']) {
      const result = await h.turn.call(call('exec_command', { cmd }));
      expect(result.isError, `${cmd}: ${text(result)}`).toBe(false);
    }
    expect(h.asked).toHaveLength(0);
    const lines = [
      'cd sub && git status',
      '(cd sub; git status)',
      "bash -c 'cd sub && git status'",
      'git status; cd sub; git status',
      'cd -- sub && git status',
      'builtin cd sub && git status',
      'cd "$PWD/sub" && git status',
      'cd s?b && git status',
      'env -C sub git status',
      'env --chdir=sub git status',
      'git -C "$PWD/sub" status',
      'git -C s?b status',
      "printf '%s\\n' sub status | xargs git -C",
    ];
    for (const [i, cmd] of lines.entries()) {
      const result = await h.turn.call(call('exec_command', { cmd }));
      expect(h.asked, cmd).toHaveLength(i + 1);
      expect(result.isError, cmd).toBe(true);
      expect(pwned(ws), cmd).toEqual([]);
    }
  });

  test('git status in a repository whose submodule or embedded repository sets core.fsmonitor', async () => {
    const ws = ownedTempDir();
    const upstream = repo(path.join(tempDir(), 'upstream'));
    const top = repo(path.join(ws, 'top'));
    git(top, 'submodule', 'add', '-q', upstream, 'mod');
    repo(path.join(top, 'emb'));
    git(top, 'add', 'emb');
    git(top, 'commit', '-q', '-m', 'a submodule and an embedded repository');
    writeFileSync(path.join(top, 'mod', 'f.txt'), 'two\n');
    writeFileSync(path.join(top, 'emb', 'f.txt'), 'two\n');
    // Control: a clean superproject's git status runs.
    const plain = ownedTempDir();
    execFileSync('cp', ['-a', `${top}/.`, plain]);
    ownAll(ws);
    ownAll(plain);
    expect((await harness(plain).turn.call(call('exec_command', { cmd: 'git status' }))).isError).toBe(false);

    arm(path.join(top, 'mod'), path.join(ws, 'PWNED-mod'));
    const h = harness(ws);
    let result = await h.turn.call(call('exec_command', { cmd: 'git status', workdir: 'top' }));
    expect(result.isError).toBe(true);
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.reason).toContain('modules/mod/config');

    git(path.join(top, 'mod'), 'config', '--unset', 'core.fsmonitor');
    arm(path.join(top, 'emb'), path.join(ws, 'PWNED-emb'));
    result = await h.turn.call(call('exec_command', { cmd: 'git diff --submodule=diff', workdir: 'top' }));
    expect(result.isError).toBe(true);
    expect(h.asked).toHaveLength(2);
    expect(h.asked[1]!.reason).toContain('emb/.git/config');
    expect(pwned(ws)).toEqual([]);
  });
});

describe('git --bare takes the working directory as the git directory', () => {
  test('its settings count even where a .git sits beside them', () => {
    const ws = tempDir();
    repo(ws);
    // The workspace is also a bare repository: what `git --bare` reads.
    git(ws, 'init', '-q', '--bare', '.');
    git(ws, 'config', '-f', 'config', 'core.pager', 'evil');
    const none = { systemConfig: false } as const;
    expect(gitCommandHazards(ws, [['git', 'log']], none)).toEqual([]);
    expect(gitCommandHazards(ws, [['git', '--bare', 'log']], none)).toEqual([
      `core.pager=evil in ${path.join(ws, 'config')}`,
    ]);
    expect(existsSync(path.join(ws, '.git'))).toBe(true);
  });
});
