// The user's git configuration and handrail's own user-level policy and configuration stay read-only
// whatever the roots are: here the workspace IS the home directory (and, with XDG_CONFIG_HOME, the
// configuration directory moves inside it). Through the public API: write_file and exec_command on a real
// runtime with real bubblewrap, full_access, so nothing but the protection stands in the way.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { builtinTools } from '../../src/index.js';
import { text } from '../support/results.js';
import { call, makeRuntime } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { own, ownedTempDir } from '../support/users.js';

const saved = { HOME: process.env.HOME, XDG: process.env.XDG_CONFIG_HOME };
afterEach(() => {
  process.env.HOME = saved.HOME;
  if (saved.XDG === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = saved.XDG;
});

/** A turn of a full_access runtime under bwrap whose workspace is `home`. */
function homeTurn(home: string) {
  const runtime = makeRuntime({
    workspace: home,
    tools: builtinTools(),
    profile: 'full_access',
    sandbox: 'bwrap',
    store: false,
  });
  return runtime.beginTurn();
}

describe.skipIf(!bwrapReady)('a workspace that is the home directory', () => {
  test.each([
    ['~/.config', undefined],
    ['$XDG_CONFIG_HOME', 'xdg'],
  ])("keeps git's and handrail's user files read-only (configuration in %s)", async (_label, xdg) => {
    const home = ownedTempDir('hr-home-');
    process.env.HOME = home;
    if (xdg) process.env.XDG_CONFIG_HOME = path.join(home, xdg);
    else delete process.env.XDG_CONFIG_HOME;
    const config = xdg ? path.join(home, xdg) : path.join(home, '.config');
    // An existing git configuration, and missing ones that must not be created.
    mkdirSync(path.join(config, 'git'), { recursive: true });
    writeFileSync(path.join(config, 'git', 'config'), '[user]\n\tname = me\n');
    own(config);
    own(path.join(config, 'git'));
    own(path.join(config, 'git', 'config'));
    const turn = homeTurn(home);
    const targets = [
      path.join(home, '.gitconfig'),
      path.join(config, 'git', 'config'),
      path.join(config, 'git', 'attributes'),
      path.join(config, 'handrail', 'policy.json'),
      path.join(config, 'handrail', 'config.json'),
      path.join(home, '.config', 'handrail', 'policy.json'),
    ];
    for (const file of targets) {
      const written = await turn.call(
        call('write_file', { path: file, content: '[core]\n\tpager = evil\n{"rules":[]}\n' }),
      );
      expect(written.isError, `write_file ${file}: ${text(written)}`).toBe(true);
    }
    const cmd = targets
      .map(
        (file) =>
          `{ mkdir -p ${path.dirname(file)} && printf '[core]\\n\\tpager = evil\\n' >> ${file}; } 2>/dev/null`,
      )
      .concat([`mkdir -p ${config}/other && echo ok > ${config}/other/settings && echo done`])
      .join('; ');
    const ran = await turn.call(call('exec_command', { cmd }));
    expect(text(ran)).toContain('done');
    expect(readFileSync(path.join(config, 'git', 'config'), 'utf8')).toBe('[user]\n\tname = me\n');
    for (const file of targets.filter((f) => f !== path.join(config, 'git', 'config')))
      expect(existsSync(file), file).toBe(false);
    // Around them, the home directory is an ordinary workspace.
    expect(readFileSync(path.join(config, 'other', 'settings'), 'utf8')).toBe('ok\n');
  });
});

describe.skipIf(!bwrapReady)('a workspace that is the home directory: other programs’ startup files', () => {
  test('fish, direnv, systemd, ~/.local/bin, cargo, docker, curl stay unwritten; hook-manager configs too', async () => {
    const home = ownedTempDir('hr-home-');
    process.env.HOME = home;
    delete process.env.XDG_CONFIG_HOME;
    const turn = homeTurn(home);
    const targets = [
      '.config/fish/config.fish',
      '.config/direnv/direnvrc',
      '.config/systemd/user/x.service',
      '.local/bin/ls',
      'bin/git',
      '.cargo/config.toml',
      '.docker/config.json',
      '.curlrc',
      '.pip/pip.conf',
      '.vimrc',
      '.local/lib/python3.11/site-packages/x.pth',
      '.config/go/env',
      '.gradle/init.d/x.gradle',
      '.kube/config',
      '.aws/config',
      '.gnupg/gpg-agent.conf',
      '.docker/cli-plugins/docker-x',
      '.pam_environment',
      '.config/Code/User/settings.json',
      '.ipython/profile_default/startup/x.py',
      '.gdbinit',
      '.netrc',
      '.config/gdb/gdbinit',
      '.lesskey',
      '.bunfig.toml',
      'project/.pre-commit-config.yaml',
      'project/lefthook.yml',
      'project/.devcontainer/devcontainer.json',
    ];
    for (const file of targets) {
      const written = await turn.call(call('write_file', { path: file, content: 'touch /tmp/pwned\n' }));
      expect(written.isError, `write_file ${file}: ${text(written)}`).toBe(true);
      expect(written.outcome.errorClass, file).toBe('sandbox_violation');
    }
    const cmd = targets
      .map((file) => `{ mkdir -p ${path.dirname(file)} && echo x >> ${file}; } 2>/dev/null`)
      .concat(['mkdir -p project && echo ok > project/notes.md && echo done'])
      .join('; ');
    const ran = await turn.call(call('exec_command', { cmd }));
    expect(text(ran)).toContain('done');
    // The home directory's startup files cannot be made at all; a project's hook-manager config a command
    // creates is reported to the model and the user (like .envrc), as every protected path is.
    for (const file of targets.filter((f) => !f.startsWith('project/')))
      expect(existsSync(path.join(home, file)), file).toBe(false);
    expect(text(ran)).toMatch(
      /created protected paths.*project\/\.devcontainer, project\/\.pre-commit-config\.yaml, project\/lefthook\.yml/,
    );
    expect(readFileSync(path.join(home, 'project/notes.md'), 'utf8')).toBe('ok\n');
  });
});
