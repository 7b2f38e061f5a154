// Repositories cannot carry code out of the sandbox: settings that make git run programs and hooks that a
// command adds to any repository in the roots are removed afterwards; the user's own configuration is
// read-only wherever the roots are. Real bwrap, real git.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitExecHazards } from '../../../src/sandbox/git-config.js';
import { bwrapBackend, isRoot, run, TEST_UID, workspace } from '../process/helpers.js';

const backend = await bwrapBackend();
const hasBwrap = backend.status().state !== 'unavailable';

const git = (args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { encoding: 'utf8' });
const get = (file: string, key: string) => {
  try {
    return git(['config', '-f', file, '--get-all', key]).trim();
  } catch {
    return undefined;
  }
};
const chownAll = (dir: string) => {
  if (isRoot) execFileSync('chown', ['-R', `${TEST_UID}:${TEST_UID}`, dir]);
};

describe.skipIf(!hasBwrap)('bwrap: git settings and hooks a command adds', () => {
  it('removes program-running settings from any repository the command created or changed, and keeps the rest', async () => {
    const ws = workspace();
    git(['init', '-q', path.join(ws, 'sub')]);
    git(['-C', path.join(ws, 'sub'), 'config', 'include.path', '../../shared.cfg']);
    git(['init', '-q', `--separate-git-dir=${path.join(ws, 'store.d')}`, path.join(ws, 'wt')]);
    git(['-C', path.join(ws, 'wt'), 'config', 'core.editor', 'vim']);
    git(['init', '-q', '--bare', path.join(ws, 'old.git')]);
    writeFileSync(path.join(ws, 'old.git', 'hooks', 'post-receive'), '#!/bin/sh\n', { mode: 0o755 });
    chownAll(ws);
    const cmd = [
      // An existing nested repository: its .git is read-only.
      "git -C sub config core.fsmonitor 'touch /tmp/pwned' 2>/dev/null || echo sub-refused",
      // An existing repository whose git directory is not named .git: written, cleaned afterwards.
      "git -C wt config core.fsmonitor 'touch /tmp/pwned'",
      // A new bare repository, any name.
      'git init -q --bare foo.git && git -C foo.git config filter.x.smudge evil',
      'git -C foo.git config user.name kept',
      // A .git that is a symbolic link to another directory.
      'git init -q --bare other/r && mkdir lnk && ln -s ../other/r lnk/.git && git -C lnk config diff.x.textconv evil',
      // A gitdir: file naming a git directory that sets core.hooksPath.
      "git init -q --bare hp.d && mkdir gd && printf 'gitdir: ../hp.d\\n' > gd/.git && git -C gd config core.hooksPath /tmp/hooks",
      // An existing bare repository: a new setting and a new hook go, the old hook stays.
      'git -C old.git config core.sshCommand evil',
      'printf "#!/bin/sh\\n" > old.git/hooks/pre-receive && chmod +x old.git/hooks/pre-receive',
      // Included files: one a new repository includes, one an existing repository includes.
      "printf '[core]\\n\\tpager = evil\\n' > inc.cfg && git -C foo.git config include.path ../inc.cfg",
      "printf '[alias]\\n\\tx = !evil\\n\\ty = log\\n' > shared.cfg",
      'echo done',
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.stdout).toBe('sub-refused\ndone\n');
    expect(r.stderr).toBe('');

    expect(get(path.join(ws, 'sub/.git/config'), 'core.fsmonitor')).toBeUndefined();
    expect(get(path.join(ws, 'store.d/config'), 'core.fsmonitor')).toBeUndefined();
    expect(get(path.join(ws, 'store.d/config'), 'core.editor')).toBe('vim');
    expect(get(path.join(ws, 'foo.git/config'), 'filter.x.smudge')).toBeUndefined();
    expect(get(path.join(ws, 'foo.git/config'), 'user.name')).toBe('kept');
    // An include out of the git directory goes too: a later write to inc.cfg would not be audited.
    expect(get(path.join(ws, 'foo.git/config'), 'include.path')).toBeUndefined();
    expect(get(path.join(ws, 'other/r/config'), 'diff.x.textconv')).toBeUndefined();
    expect(get(path.join(ws, 'hp.d/config'), 'core.hooksPath')).toBeUndefined();
    expect(get(path.join(ws, 'old.git/config'), 'core.sshCommand')).toBeUndefined();
    expect(get(path.join(ws, 'inc.cfg'), 'core.pager')).toBeUndefined();
    expect(get(path.join(ws, 'shared.cfg'), 'alias.x')).toBeUndefined();
    expect(get(path.join(ws, 'shared.cfg'), 'alias.y')).toBe('log');
    expect(existsSync(path.join(ws, 'old.git/hooks/pre-receive'))).toBe(false);
    expect(existsSync(path.join(ws, 'old.git/hooks/post-receive'))).toBe(true);
    // The repositories still work.
    for (const dir of ['foo.git', 'other/r', 'hp.d', 'old.git']) git(['-C', path.join(ws, dir), 'rev-parse']);
    git(['-C', path.join(ws, 'wt'), 'status']);
    // Only the user's own setting is left to run anything.
    expect(gitExecHazards(path.join(ws, 'store.d'))).toEqual([`core.editor=vim in ${ws}/store.d/config`]);
    for (const dir of ['foo.git', 'other/r', 'hp.d', 'old.git', 'sub/.git'])
      expect(gitExecHazards(path.join(ws, dir))).toEqual([]);

    const notes = r.exit.notes.join('\n');
    for (const shown of [
      'core.fsmonitor=touch /tmp/pwned in store.d/config',
      'filter.x.smudge=evil in foo.git/config',
      'diff.x.textconv=evil in other/r/config',
      'core.hookspath=/tmp/hooks in hp.d/config',
      'core.sshcommand=evil in old.git/config',
      'core.pager=evil in inc.cfg',
      'alias.x=!evil in shared.cfg',
      'old.git/hooks/pre-receive',
    ])
      expect(notes).toContain(shown);
    expect(notes).not.toContain('core.editor');
    expect(notes).not.toContain('post-receive');

    // Nothing new the next time.
    const again = await run(ws, 'true', { backend });
    expect(again.exit.notes).toEqual([]);
  });

  it('finds repositories inside protected directories the command created, and .git links that lead out', async () => {
    const ws = workspace();
    const cmd = [
      'mkdir -p deep/.vscode && git init -q --bare deep/.vscode/r && git -C deep/.vscode/r config core.fsmonitor evil',
      'mkdir x && ln -s /nonexistent x/.git',
      'echo done',
    ].join('; ');
    const r = await run(ws, cmd, { backend });
    expect(r.stdout).toBe('done\n');
    expect(get(path.join(ws, 'deep/.vscode/r/config'), 'core.fsmonitor')).toBeUndefined();
    expect(existsSync(path.join(ws, 'x/.git'))).toBe(false);
    const notes = r.exit.notes.join('\n');
    expect(notes).toContain('core.fsmonitor=evil in deep/.vscode/r/config');
    expect(notes).toContain('x/.git → link:/nonexistent');
  });
});

describe.skipIf(!hasBwrap)("bwrap: the user's configuration when the workspace is the home directory", () => {
  const saved = { HOME: process.env.HOME, XDG: process.env.XDG_CONFIG_HOME };
  beforeEach(() => {
    delete process.env.XDG_CONFIG_HOME;
  });
  afterEach(() => {
    process.env.HOME = saved.HOME;
    if (saved.XDG === undefined) delete process.env.XDG_CONFIG_HOME;
    else process.env.XDG_CONFIG_HOME = saved.XDG;
  });

  it('missing ~/.config/git, ~/.config/handrail and ~/.gitconfig cannot be created', async () => {
    const home = workspace();
    process.env.HOME = home;
    const cmd = [
      `mkdir -p ${home}/.config/git 2>/dev/null || echo no-config`,
      `echo "[core] pager = evil" > ${home}/.gitconfig 2>/dev/null || echo no-gitconfig`,
      'echo end',
    ].join('; ');
    const r = await run(home, cmd, { backend });
    expect(r.stdout).toBe('no-config\nno-gitconfig\nend\n');
    expect(existsSync(path.join(home, '.config'))).toBe(false);
    expect(existsSync(path.join(home, '.gitconfig'))).toBe(false);
  });

  it('existing ones are read-only, and a missing one under an existing ~/.config is held too', async () => {
    const home = workspace();
    process.env.HOME = home;
    mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
    writeFileSync(path.join(home, '.config', 'git', 'config'), '[user]\n\tname = me\n');
    chownAll(home);
    const cmd = [
      `echo "[core] pager = evil" >> ${home}/.config/git/config 2>/dev/null || echo git-ro`,
      `mkdir ${home}/.config/handrail 2>/dev/null || echo handrail-held`,
      `touch ${home}/.config/other && echo other-ok`,
    ].join('; ');
    const r = await run(home, cmd, { backend });
    expect(r.stdout).toBe('git-ro\nhandrail-held\nother-ok\n');
    expect(readFileSync(path.join(home, '.config', 'git', 'config'), 'utf8')).toBe('[user]\n\tname = me\n');
    expect(existsSync(path.join(home, '.config', 'handrail'))).toBe(false);
  });

  it('a symbolic link to the user git config that a command replaces is caught afterwards', async () => {
    const home = workspace();
    process.env.HOME = home;
    mkdirSync(path.join(home, 'dotfiles'));
    writeFileSync(path.join(home, 'dotfiles', 'gitconfig'), '[user]\n\tname = me\n');
    symlinkSync('dotfiles/gitconfig', path.join(home, '.gitconfig'));
    chownAll(home);
    const r = await run(
      home,
      `rm ${home}/.gitconfig && printf '[core]\\n\\tpager = evil\\n' > ${home}/.gitconfig; echo end`,
      { backend },
    );
    expect(r.stdout).toBe('end\n');
    expect(get(path.join(home, '.gitconfig'), 'core.pager')).toBeUndefined();
    expect(readFileSync(path.join(home, 'dotfiles', 'gitconfig'), 'utf8')).toBe('[user]\n\tname = me\n');
    expect(r.exit.notes.join('\n')).toContain('.gitconfig changed');
  });
});
