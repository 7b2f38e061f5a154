// An include a command leaves in a repository's config is a program-running setting in waiting: the file it
// names, in the work tree, is written later by a tool or command that may not touch git's config (write_file
// under auto_accept_edits asks nobody), and the user's next `git status` on the host runs what it says. So
// the scrub after each command removes the includes it added that point anywhere but into the git directory
// (protected like the config itself); includes that were there before stay. Real runtime, real bubblewrap,
// real git: before the fix the include stayed and the host's git ran the planted fsmonitor.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, type RuntimeOptions } from '../../src/index.js';
import { git } from '../support/git.js';
import { text } from '../support/results.js';
import { askingRuntime, call } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { ownAll, ownedTempDir } from '../support/users.js';

function runtime(ws: string, options: RuntimeOptions = {}) {
  const { runtime: made, asked } = askingRuntime({
    workspace: ws,
    tools: builtinTools(),
    profile: 'full_access',
    sandbox: 'bwrap',
    store: false,
    rateLimits: false,
    ...options,
  });
  return { turn: made.beginTurn(), asked };
}

describe.skipIf(!bwrapReady)('includes a command adds that leave the git directory are removed', () => {
  test('an include of a workspace file cannot be filled later and run by the host git', async () => {
    const ws = ownedTempDir();
    const marker = path.join(ws, 'PWNED');
    const { turn } = runtime(ws);
    const planted = await turn.call(
      call('exec_command', { cmd: 'git init -q d && git -C d config include.path ../../inc.cfg && echo ok' }),
    );
    expect(text(planted)).toContain('ok');
    expect(text(planted)).toContain('include.path=../../inc.cfg in d/.git/config');
    expect(readFileSync(path.join(ws, 'd/.git/config'), 'latin1')).not.toContain('inc.cfg');

    // Later, an edit nobody is asked about, then the user's own git on the host.
    const edits = runtime(ws, { profile: 'auto_accept_edits' });
    const written = await edits.turn.call(
      call('write_file', { path: 'inc.cfg', content: `[core]\n\tfsmonitor = touch ${marker}\n` }),
    );
    expect(written.isError).toBe(false);
    expect(edits.asked).toEqual([]);
    git(path.join(ws, 'd'), 'status');
    expect(existsSync(marker)).toBe(false);
  });

  test('every form that leaves the git directory goes; one inside it stays', async () => {
    const ws = ownedTempDir();
    const { turn } = runtime(ws);
    const cmd = [
      'git init -q a && git -C a config include.path ../wt.cfg',
      "git init -q b && git -C b config 'includeIf.gitdir:**.path' ../../b.cfg",
      'git init -q c && mkdir c/sub && git -C c config include.path ../sub/later.cfg',
      // A link in the git directory that leads out of it (to a file not written yet).
      'git init -q e && ln -s ../../e.cfg e/.git/link.cfg && git -C e config include.path link.cfg',
      'git init -q f && git -C f config include.path /tmp/elsewhere.cfg',
      // Inside the git directory: protected like the config, kept.
      "git init -q k && printf '[user]\\n\\tname = k\\n' > k/.git/extra.cfg && git -C k config include.path extra.cfg",
      'echo planted',
    ].join(' && ');
    const result = await turn.call(call('exec_command', { cmd }));
    expect(text(result)).toContain('planted');
    // (The emptied section headers stay: git reads them as nothing.)
    for (const dir of ['a', 'b', 'c', 'e', 'f'])
      expect(readFileSync(path.join(ws, dir, '.git/config'), 'latin1'), dir).not.toMatch(/^\s*path\s*=/m);
    for (const shown of [
      'include.path=../wt.cfg in a/.git/config',
      'includeif.gitdir:**.path=../../b.cfg in b/.git/config',
      'include.path=link.cfg in e/.git/config',
      'include.path=/tmp/elsewhere.cfg in f/.git/config',
    ])
      expect(text(result)).toContain(shown);
    expect(readFileSync(path.join(ws, 'k/.git/config'), 'latin1')).toContain('path = extra.cfg');
    expect(git(path.join(ws, 'k'), 'config', 'user.name').trim()).toBe('k');
  });

  test("a repository's own includes from before the command stay", async () => {
    const ws = ownedTempDir();
    mkdirSync(path.join(ws, 'n'));
    git(path.join(ws, 'n'), 'init', '-q');
    git(path.join(ws, 'n'), 'config', 'include.path', '../../team.cfg');
    writeFileSync(path.join(ws, 'team.cfg'), '[user]\n\tname = team\n');
    ownAll(ws);
    const { turn } = runtime(ws);
    // (Whether or not the command could add to its config, what was there stays.)
    const result = await turn.call(
      call('exec_command', {
        cmd: 'git -C n config --add include.path ../../mine.cfg || git init -q o && git -C n config user.name',
      }),
    );
    expect(text(result)).toContain('team');
    const config = readFileSync(path.join(ws, 'n/.git/config'), 'latin1');
    expect(config).toContain('path = ../../team.cfg');
    expect(config).not.toContain('mine.cfg');
  });

  test('a safe git line in a repository whose included workspace file runs a program asks', async () => {
    const ws = ownedTempDir();
    const marker = path.join(ws, 'PWNED');
    mkdirSync(path.join(ws, 'n'));
    git(path.join(ws, 'n'), 'init', '-q');
    git(path.join(ws, 'n'), 'config', 'include.path', '../../inc.cfg');
    writeFileSync(path.join(ws, 'inc.cfg'), `[core]\n\tfsmonitor = touch ${marker}; false\n`);
    ownAll(ws);
    const { turn, asked } = runtime(ws, { profile: 'supervised' });
    const result = await turn.call(call('exec_command', { cmd: 'cd n && git status' }));
    expect(result.isError).toBe(true);
    expect(asked).toHaveLength(1);
    // (`;` starts a comment in git's config: the value ends before it.)
    expect(asked[0]!.reason).toContain(`core.fsmonitor=touch ${marker} in ${path.join(ws, 'inc.cfg')}`);
    expect(existsSync(marker)).toBe(false);
  });
});
