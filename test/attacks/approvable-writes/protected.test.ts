// Attacks on approvableWrites (docs/tools.md#the-file-policy): what stays read-only inside an area, approved or not. Each test asserts the SAFE
// behaviour (refused before anyone is asked, nothing written), so a failing test is a hole.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RuntimeOptions } from '../../../src/index.js';
import { text } from '../../support/results.js';
import { askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';
import { REAL_USER } from '../../support/users.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });

function world(options: Partial<RuntimeOptions> = {}, entries?: (area: string) => string[]) {
  const ws = realpathSync(tempDir('hr-rp-ws-'));
  const area = realpathSync(tempDir('hr-rp-area-'));
  const h = askingTurn(
    { workspace: ws, approvableWrites: entries ? entries(area) : [`${area}/**`], ...options },
    'allow_once',
  );
  return { ...h, ws, area };
}

/** Refused before anyone was asked, and not written. */
async function refused(h: ReturnType<typeof world>, target: string) {
  const before = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  const result = await h.turn.call(write(target, 'pwned\n'));
  expect(result.isError, target).toBe(true);
  expect(h.asked.map((r) => r.widens)).toEqual([]);
  expect(existsSync(target) ? readFileSync(target, 'utf8') : undefined, target).toBe(before);
}

describe('a repository inside the area', () => {
  // The repository governing the written path is read for core.hooksPath and include.path (held).
  test('the area is a checkout: its core.hooksPath folder and included config stay read-only', async () => {
    const h = world();
    execFileSync('git', ['init', '-q', h.area]);
    execFileSync('git', ['-C', h.area, 'config', 'core.hooksPath', '.githooks']);
    execFileSync('git', ['-C', h.area, 'config', 'include.path', '../extra.gitconfig']);
    mkdirSync(path.join(h.area, '.githooks'));
    await refused(h, path.join(h.area, '.githooks', 'pre-commit'));
    await refused(h, path.join(h.area, 'extra.gitconfig'));
  });

  test('a separate git dir reached through a gitdir: file stays read-only', async () => {
    const h = world();
    const wt = path.join(h.area, 'wt');
    execFileSync('git', ['init', '-q', '--separate-git-dir', path.join(h.area, 'store'), wt]);
    await refused(h, path.join(h.area, 'store', 'config'));
    await refused(h, path.join(h.area, 'store', 'hooks', 'post-checkout'));
  });

  test('a bare repository stays read-only', async () => {
    const h = world();
    execFileSync('git', ['init', '-q', '--bare', path.join(h.area, 'proj.git')]);
    await refused(h, path.join(h.area, 'proj.git', 'config'));
    await refused(h, path.join(h.area, 'proj.git', 'hooks', 'pre-receive'));
  });

  test('protected names in other spellings: .Git, .VSCODE, full-width, zero-width', async () => {
    const h = world();
    for (const name of [
      '.Git/config',
      '.VSCODE/tasks.json',
      '.ｖｓｃｏｄｅ/tasks.json',
      '.git\u200b/config',
    ]) {
      await refused(h, path.join(h.area, name));
    }
  });
});

describe("the workspace's repository reaching into the area", () => {
  test('its .git is a gitdir: file to a folder in the area: that folder stays read-only', async () => {
    const area = realpathSync(tempDir('hr-rp-area-'));
    const ws = realpathSync(tempDir('hr-rp-ws-'));
    execFileSync('git', ['init', '-q', '--separate-git-dir', path.join(area, 'wsgit'), ws]);
    const h = { ...askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, 'allow_once'), ws, area };
    await refused(h, path.join(area, 'wsgit', 'config'));
    await refused(h, path.join(area, 'wsgit', 'hooks', 'pre-commit'));
  });

  test('its config names hooks and an include in the area: both stay read-only', async () => {
    const area = realpathSync(tempDir('hr-rp-area-'));
    const ws = realpathSync(tempDir('hr-rp-ws-'));
    execFileSync('git', ['init', '-q', ws]);
    execFileSync('git', ['-C', ws, 'config', 'core.hooksPath', path.join(area, 'hooks')]);
    execFileSync('git', ['-C', ws, 'config', 'include.path', path.join(area, 'inc.gitconfig')]);
    mkdirSync(path.join(area, 'hooks'));
    const h = { ...askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, 'allow_once'), ws, area };
    await refused(h, path.join(area, 'hooks', 'pre-commit'));
    await refused(h, path.join(area, 'inc.gitconfig'));
  });
});

describe("handrail's own files in the area", () => {
  test('the audit database at a custom store path', async () => {
    const area = realpathSync(tempDir('hr-rp-area-'));
    const h = world({ store: { path: path.join(area, 'audit.db') } }, () => [`${area}/**`]);
    await h.turn.call(call('read_file', { path: 'nothing.txt' })); // the store has written by now
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      await refused(h, path.join(area, `audit.db${suffix}`));
  });

  test('a policy file at a custom path (allow rules the model could write)', async () => {
    const area = realpathSync(tempDir('hr-rp-area-'));
    const policy = path.join(area, 'policy.json');
    writeFileSync(policy, '{"allow": []}\n');
    const h = world({ policyFiles: { user: policy, managed: null, project: null } }, () => [`${area}/**`]);
    await refused(h, policy);
  });

  test('the state directory placed in the area (default audit DB)', async () => {
    const area = realpathSync(tempDir('hr-rp-area-'));
    const state = path.join(area, 'state');
    const h = world({ stateDir: state }, () => [`${area}/**`]);
    await refused(h, path.join(state, 'handrail.db'));
    await refused(h, path.join(state, 'new-file'));
  });
});

describe('an area over a home directory', () => {
  // As the process's own home (os.homedir()), with a deny answer: asserting only that nothing is asked.
  const home = os.homedir();
  test.each([
    '.bashrc',
    '.profile',
    '.ssh/authorized_keys',
    '.gitconfig',
    '.config/git/config',
    '.config/handrail/config.json',
    '.config/handrail/policy.json',
  ])('~/%s (glob over home, and literal home) is refused before anyone is asked', async (rel) => {
    for (const entry of [`${home}/**`, home]) {
      const ws = realpathSync(tempDir('hr-rp-ws-'));
      const h = askingTurn({ workspace: ws, approvableWrites: [entry] }, 'deny');
      const result = await h.turn.call(write(path.join(home, rel)));
      expect(result.isError).toBe(true);
      expect(
        h.asked.map((r) => r.widens),
        entry,
      ).toEqual([]);
    }
  });

  test.runIf(REAL_USER !== undefined)(
    "another user's ~/.ssh/authorized_keys and ~/.config/git/config (handrail running as root)",
    async () => {
      const other = REAL_USER!.home;
      const ws = realpathSync(tempDir('hr-rp-ws-'));
      const h = askingTurn({ workspace: ws, approvableWrites: [`${other}/**`] }, 'deny');
      for (const rel of ['.ssh/authorized_keys', '.config/git/config', '.config/handrail/policy.json'])
        await h.turn.call(write(path.join(other, rel)));
      expect(h.asked.map((r) => r.widens)).toEqual([]);
    },
  );
});

describe('deny-read rules in the area', () => {
  test.each([
    ['an absolute glob', (area: string) => `${area}/secrets/**`, 'secrets/k'],
    ['a ** glob', () => '**/*.pem', 'k.pem'],
    ['a name glob without a slash', () => '*.pem', 'k.pem'],
    ['a relative folder', () => 'secrets', 'secrets/k'],
  ])('%s keeps an area file from being written (and so read back by the edit)', async (_w, rule, rel) => {
    const area = realpathSync(tempDir('hr-rp-area-'));
    mkdirSync(path.join(area, 'secrets'));
    writeFileSync(path.join(area, rel), 'SECRET-KEY\n');
    const h = world({ denyRead: [rule(area)] }, () => [`${area}/**`]);
    const edit = call('edit_file', {
      path: path.join(area, rel),
      old_string: 'SECRET',
      new_string: 'PUBLIC',
    });
    const result = await h.turn.call(edit);
    expect(h.asked.map((r) => r.widens)).toEqual([]);
    expect(text(result)).not.toContain('KEY');
    expect(readFileSync(path.join(area, rel), 'utf8')).toBe('SECRET-KEY\n');
  });
});
