// Repositories cannot carry code out of the sandbox, checked through the public API: one command run with
// exec_command (real runtime, real bubblewrap, real git) plants program-running git settings and a hook in
// every kind of git directory it can make — git directories not named .git, a .git that is a symbolic link, a
// gitdir: file, a linked worktree's config.worktree, a bare repository deep in a subfolder, the workspace
// itself as a bare repository, a submodule's directory under modules/, included files (include.path inside
// the git directory and in the work tree, includeIf, chains), a config file that is a symbolic link — and
// afterwards none of them is left, the result names each one removed, and a git line in each repository is
// safe again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools } from '../../src/index.js';
import { gitExecHazards } from '../../src/sandbox/git-config.js';
import { git } from '../support/git.js';
import { text } from '../support/results.js';
import { askingRuntime, call, makeRuntime } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { ownAll, ownedTempDir } from '../support/users.js';

/** Each planting step, and the config file (relative to the workspace) it leaves a setting in. */
const PLANTS: ReadonlyArray<readonly [step: string, file: string, shown: string]> = [
  [
    "git init -q b && printf '[core]\\n\\tpager = evil-b\\n' > b/inc.cfg && git -C b config 'includeIf.gitdir:**.path' ../inc.cfg",
    'b/inc.cfg',
    'core.pager=evil-b',
  ],
  [
    'git init -q c && printf \'[diff "x"]\\n\\ttextconv = evil-c\\n\' > c/.git/extra.cfg && git -C c config include.path extra.cfg',
    'c/.git/extra.cfg',
    'diff.x.textconv=evil-c',
  ],
  [
    "git init -q c2 && printf '[include]\\n\\tpath = two.cfg\\n' > c2/one.cfg && printf '[filter \"f\"]\\n\\tclean = evil-c2\\n' > c2/two.cfg && git -C c2 config include.path ../one.cfg",
    'c2/two.cfg',
    'filter.f.clean=evil-c2',
  ],
  [
    'git init -q d && git -C d commit -q --allow-empty -m x && git -C d worktree add -q ../d-wt && git -C d config extensions.worktreeConfig true && git -C d-wt config --worktree core.editor evil-d',
    'd/.git/worktrees/d-wt/config.worktree',
    'core.editor=evil-d',
  ],
  [
    'git init -q --bare deep/x/y.git && git -C deep/x/y.git config diff.external evil-deep',
    'deep/x/y.git/config',
    'diff.external=evil-deep',
  ],
  [
    "git init -q --bare store && mkdir wt && printf 'gitdir: ../store\\n' > wt/.git && git -C wt config credential.helper evil-store",
    'store/config',
    'credential.helper=evil-store',
  ],
  [
    'git init -q --bare real && mkdir l && ln -s ../real l/.git && git -C l config gpg.program evil-real',
    'real/config',
    'gpg.program=evil-real',
  ],
  [
    "git init -q e && printf '[core]\\n\\tfsmonitor = evil-e\\n' > e/real.cfg && rm e/.git/config && ln -s ../real.cfg e/.git/config",
    'e/real.cfg',
    'core.fsmonitor=evil-e',
  ],
  [
    'git init -q --bare . && git config -f config core.sshCommand evil-root',
    'config',
    'core.sshcommand=evil-root',
  ],
  [
    'git init -q m && git init -q --bare m/.git/modules/s && git -C m/.git/modules/s config core.hooksPath /tmp/evil-m',
    'm/.git/modules/s/config',
    'core.hookspath=/tmp/evil-m',
  ],
  [
    "git init -q f && printf '[core]\\n\\tpager = evil-f\\n' > f/.git/config.worktree",
    'f/.git/config.worktree',
    'core.pager=evil-f',
  ],
  [
    'git init -q h && printf \'[CORE]\\n\\tFsMonitor = evil-h\\n[Trailer "s"]\\ncommand=evil-t\\n\' >> h/.git/config',
    'h/.git/config',
    'core.fsmonitor=evil-h',
  ],
];

describe.skipIf(!bwrapReady)('program-running git settings a command plants are gone afterwards', () => {
  test('in every kind of git directory, and a git line there is safe again', async () => {
    const ws = ownedTempDir();
    git(ws, 'init', '-q');
    git(ws, 'commit', '-q', '--allow-empty', '-m', 'x');
    ownAll(ws);
    const runtime = makeRuntime({
      workspace: ws,
      tools: builtinTools(),
      profile: 'full_access',
      sandbox: 'bwrap',
      store: false,
    });
    const cmd = [
      'export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e',
      // The workspace's own repository is read-only to commands.
      'git config core.fsmonitor evil-top 2>/dev/null || echo top-refused',
      ...PLANTS.map(([step]) => step),
      "printf '#!/bin/sh\\ntouch PWNED\\n' > b/.git/hooks/post-index-change && chmod +x b/.git/hooks/post-index-change",
      'echo planted',
    ].join(' && ');
    const result = await runtime.beginTurn().call(call('exec_command', { cmd, timeout_ms: 60_000 }));
    const out = text(result);
    expect(out).toContain('top-refused');
    expect(out).toContain('planted');

    for (const [, file, shown] of PLANTS) {
      expect(readFileSync(path.join(ws, file), 'latin1'), file).not.toMatch(/evil-/);
      expect(out, file).toContain(`${shown} in ${file}`);
    }
    expect(existsSync(path.join(ws, 'b/.git/hooks/post-index-change'))).toBe(false);
    expect(existsSync(path.join(ws, 'e/.git/config'))).toBe(true); // the link stays; its target is clean
    for (const gitDir of ['.', '.git', 'b/.git', 'c/.git', 'c2/.git', 'd/.git', 'd/.git/worktrees/d-wt'])
      expect(gitExecHazards(path.join(ws, gitDir)), gitDir).toEqual([]);
    for (const gitDir of ['deep/x/y.git', 'store', 'real', 'e/.git', 'm/.git/modules/s', 'f/.git', 'h/.git'])
      expect(gitExecHazards(path.join(ws, gitDir)), gitDir).toEqual([]);

    // A git line in each repository runs without a question again (and runs nothing planted).
    const supervised = askingRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'bwrap',
      store: false,
    });
    const turn = supervised.runtime.beginTurn();
    for (const dir of ['b', 'c', 'c2', 'd', 'd-wt', 'deep/x/y.git', 'wt', 'l', 'e', 'f', 'h']) {
      const line = await turn.call(call('exec_command', { cmd: `cd ${dir} && git status --short; true` }));
      expect(line.isError, `${dir}: ${text(line)}`).toBe(false);
    }
    expect(supervised.asked).toEqual([]);
    expect(existsSync(path.join(ws, 'b', 'PWNED'))).toBe(false);
  });
});
