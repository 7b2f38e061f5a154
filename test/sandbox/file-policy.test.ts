// The file policy against the known ways out: traversal, symlinks, hardlinks, /proc, special files,
// protected names and their look-alikes, and swaps between check and use.
import { execFileSync } from 'node:child_process';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileAccess } from '../../src/sandbox/file-policy.js';
import type { FileAccess, FileCheck } from '../../src/sandbox/file-policy-types.js';
import { FileRaceError, openForRead, writeAtomic } from '../../src/sandbox/safe-fs.js';
import { tempDir } from '../support/temp.js';

function setup(extra: { readOnly?: boolean; denyRead?: string[] } = {}) {
  const ws = tempDir('hr-ws-');
  const outside = tempDir('hr-out-');
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret');
  mkdirSync(path.join(ws, 'src'));
  writeFileSync(path.join(ws, 'src', 'app.ts'), 'app');
  const files = createFileAccess({
    roots: [{ path: ws, access: extra.readOnly ? 'read' : 'write' }],
    ...(extra.denyRead ? { denyRead: extra.denyRead } : {}),
  });
  return { ws, outside, files };
}

const reason = (check: FileCheck) => (check.ok ? 'ok' : check.reason);

describe('paths that leave the roots', () => {
  it('refuses traversal and absolute paths outside, and says what is allowed', async () => {
    const { ws, files } = setup();
    for (const p of ['../../etc/passwd', '/etc/passwd', '//etc/passwd', '/./etc/./passwd', 'src/../../x']) {
      expect(reason(await files.checkRead(p))).toBe('outside_roots');
    }
    const denied = await files.checkWrite('/etc/hosts');
    expect(denied.ok).toBe(false);
    if (!denied.ok) {
      expect(denied.message).toBe(
        `Cannot write /etc/hosts: it is outside the writable roots (${ws}). Current directory: ${ws}.`,
      );
    }
    // Containment is by segment: a sibling whose name starts with the root's name is outside.
    const sibling = `${ws}-evil`;
    mkdirSync(sibling);
    expect(reason(await files.checkRead(`${sibling}/x`))).toBe('outside_roots');
    // Inside paths resolve against the cwd, and ~ / $VAR are plain characters.
    expect(await files.checkRead('src/./app.ts')).toMatchObject({
      ok: true,
      path: path.join(ws, 'src/app.ts'),
      display: 'src/app.ts',
    });
    expect(await files.checkWrite('~/x')).toMatchObject({ ok: true, path: path.join(ws, '~/x') });
    expect(await files.checkWrite('$HOME/x')).toMatchObject({ ok: true, path: path.join(ws, '$HOME/x') });
  });

  it('refuses symlinks out of the roots: as a file, as a directory, in the middle, dangling', async () => {
    const { ws, outside, files } = setup();
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'link.txt'));
    symlinkSync(outside, path.join(ws, 'outdir'));
    symlinkSync(path.join(outside, 'not-yet.txt'), path.join(ws, 'dangling.txt'));
    mkdirSync(path.join(ws, 'a'));
    symlinkSync(outside, path.join(ws, 'a', 'mid'));
    expect(reason(await files.checkRead('link.txt'))).toBe('symlink_escape');
    expect(reason(await files.checkRead('outdir/secret.txt'))).toBe('symlink_escape');
    expect(reason(await files.checkWrite('outdir/new.txt'))).toBe('symlink_escape');
    expect(reason(await files.checkRead('a/mid/secret.txt'))).toBe('symlink_escape');
    expect(reason(await files.checkWrite('dangling.txt'))).toBe('symlink_escape');
    const check = await files.checkRead('link.txt');
    if (!check.ok)
      expect(check.message).toContain(`through a symbolic link to ${path.join(outside, 'secret.txt')}`);
    // A link that stays inside is fine and resolves to its target.
    symlinkSync(path.join(ws, 'src'), path.join(ws, 'srclink'));
    expect(await files.checkRead('srclink/app.ts')).toMatchObject({
      ok: true,
      path: path.join(ws, 'src/app.ts'),
    });
  });

  it('sees through /proc/self/root and /proc/self/cwd', async () => {
    const { ws, files } = setup();
    expect(reason(await files.checkRead('/proc/self/root/etc/passwd'))).toBe('outside_roots');
    expect(reason(await files.checkRead('/proc/self/cwd/../../../etc/passwd'))).toBe('outside_roots');
    // The same file reached through /proc/self/root is judged by where it really is.
    expect(await files.checkRead(`/proc/self/root${ws}/src/app.ts`)).toMatchObject({
      ok: true,
      path: path.join(ws, 'src/app.ts'),
    });
  });

  it('rejects empty, NUL, control-character and over-long paths', async () => {
    const { files } = setup();
    expect(reason(await files.checkRead(''))).toBe('empty_path');
    expect(reason(await files.checkRead('   '))).toBe('empty_path');
    expect(reason(await files.checkRead('src/app.ts\u0000.png'))).toBe('invalid_path');
    expect(reason(await files.checkRead('src/\u001b[31mapp.ts'))).toBe('invalid_path');
    expect(reason(await files.checkRead('src/\u0085app.ts'))).toBe('invalid_path');
    expect(reason(await files.checkRead(`${'a/'.repeat(2100)}x`))).toBe('invalid_path');
  });
});

describe('writes', () => {
  it('keeps protected paths read-only, existing or not, including look-alike spellings', async () => {
    const { ws, files } = setup();
    mkdirSync(path.join(ws, '.git', 'hooks'), { recursive: true });
    writeFileSync(path.join(ws, '.git', 'config'), '[core]');
    const protectedPaths = [
      '.git/config',
      '.git/hooks/pre-commit',
      'sub/.git/hooks/post-checkout',
      '.git',
      '.gitmodules',
      '.bashrc',
      '.zshrc',
      '.profile',
      '.envrc',
      '.npmrc',
      'packages/a/.npmrc',
      '.mcp.json',
      '.vscode/settings.json',
      '.idea/workspace.xml',
      '.handrail/policy.json',
      '.GIT/config',
      '.Bashrc',
      '.bashrc.',
      '\uff0ebashrc', // full-width full stop
      '.bas\u200bhrc', // zero-width space
    ];
    for (const p of protectedPaths)
      expect([p, reason(await files.checkWrite(p))]).toEqual([p, 'protected_path']);
    // Reading them is fine.
    expect(reason(await files.checkRead('.git/config'))).toBe('ok');
    // Extra protected globs match every Unicode spelling of the name (NFC glob, NFD path).
    const custom = createFileAccess({
      roots: [{ path: ws, access: 'write' }],
      protectedPaths: ['caf\u00e9/**'],
    });
    expect(reason(await custom.checkWrite('cafe\u0301/menu.txt'))).toBe('protected_path');
    expect(reason(await custom.checkWrite('cafe/menu.txt'))).toBe('ok');
    const denied = await files.checkWrite('.git/hooks/pre-commit');
    if (!denied.ok)
      expect(denied.message).toMatch(/^Cannot write \.git\/hooks\/pre-commit: it is a protected path/);
  });

  it('refuses read-only roots, hardlinks and special files', async () => {
    const { ws, outside, files } = setup();
    linkSync(path.join(outside, 'secret.txt'), path.join(ws, 'hard.txt'));
    expect(reason(await files.checkWrite('hard.txt'))).toBe('hardlink');
    execFileSync('mkfifo', [path.join(ws, 'fifo')]);
    expect(reason(await files.checkRead('fifo'))).toBe('not_regular_file');
    expect(reason(await files.checkWrite('fifo'))).toBe('not_regular_file');
    const server = net.createServer().listen(path.join(ws, 'sock'));
    await new Promise((resolve) => server.once('listening', resolve));
    expect(reason(await files.checkRead('sock'))).toBe('not_regular_file');
    server.close();
    const ro = createFileAccess({ roots: [{ path: ws, access: 'read' }] });
    expect(reason(await ro.checkWrite('src/app.ts'))).toBe('write_requires_writable_root');
    expect(reason(await ro.checkRead('src/app.ts'))).toBe('ok');
    const devices = createFileAccess({ roots: [{ path: '/dev', access: 'read' }] });
    const check = await devices.checkRead('/dev/zero');
    expect(reason(check)).toBe('not_regular_file');
    if (!check.ok)
      expect(check.message).toBe('Cannot read zero: it is a character device, not a regular file.');
  });

  it('applies deny-read globs on canonical paths, whatever the spelling', async () => {
    const { ws, files } = setup({ denyRead: ['secrets/**', '**/*.pem'] });
    mkdirSync(path.join(ws, 'secrets'));
    writeFileSync(path.join(ws, 'secrets', 'key'), 'k');
    writeFileSync(path.join(ws, 'src', 'cert.pem'), 'c');
    symlinkSync(path.join(ws, 'secrets'), path.join(ws, 'innocent'));
    expect(reason(await files.checkRead('secrets/key'))).toBe('deny_read');
    expect(reason(await files.checkRead('src/../secrets/key'))).toBe('deny_read');
    expect(reason(await files.checkRead('innocent/key'))).toBe('deny_read');
    expect(reason(await files.checkRead('src/cert.pem'))).toBe('deny_read');
    expect(files.isReadable(path.join(ws, 'secrets', 'key'))).toBe(false);
    // A glob naming a directory covers everything below it.
    const dirOnly = createFileAccess({ roots: [{ path: ws, access: 'write' }], denyRead: ['secrets'] });
    expect(reason(await dirOnly.checkRead('secrets/key'))).toBe('deny_read');
    expect(reason(await dirOnly.checkRead('innocent/key'))).toBe('deny_read');
    expect(reason(await dirOnly.checkRead('src/app.ts'))).toBe('ok');
    expect(files.isReadable(path.join(ws, 'src', 'app.ts'))).toBe(true);
  });
});

describe('I/O goes through what was checked', () => {
  it('refuses a file swapped for a symlink between check and read', async () => {
    const { ws, outside, files } = setup();
    const check = await files.checkRead('src/app.ts');
    expect(check.ok).toBe(true);
    renameSync(path.join(ws, 'src', 'app.ts'), path.join(ws, 'src', 'old.ts'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'src', 'app.ts'));
    await expect(openForRead(check as Extract<FileCheck, { ok: true }>)).rejects.toThrow(
      /ELOOP|symbolic link/,
    );
  });

  it('refuses a file replaced by another between check and read', async () => {
    const { ws, files } = setup();
    const check = await files.checkRead('src/app.ts');
    renameSync(path.join(ws, 'src', 'app.ts'), path.join(ws, 'src', 'old.ts'));
    writeFileSync(path.join(ws, 'src', 'app.ts'), 'different file');
    await expect(openForRead(check as Extract<FileCheck, { ok: true }>)).rejects.toBeInstanceOf(
      FileRaceError,
    );
  });

  it('refuses a parent directory swapped for a symlink between check and read', async () => {
    const { ws, outside, files } = setup();
    writeFileSync(path.join(outside, 'app.ts'), 'outside app');
    const check = await files.checkRead('src/app.ts');
    renameSync(path.join(ws, 'src'), path.join(ws, 'src-old'));
    symlinkSync(outside, path.join(ws, 'src'));
    await expect(openForRead(check as Extract<FileCheck, { ok: true }>)).rejects.toThrow();
  });

  it('writes atomically, keeps the mode, and never follows a symlink swapped in before the write', async () => {
    const { ws, outside, files } = setup();
    const { chmodSync, statSync, lstatSync } = await import('node:fs');
    chmodSync(path.join(ws, 'src', 'app.ts'), 0o755);
    const check = (await files.checkWrite('src/app.ts')) as Extract<FileCheck, { ok: true }>;
    expect(await writeAtomic(check, 'new')).toMatchObject({ created: false });
    expect(readFileSync(path.join(ws, 'src', 'app.ts'), 'utf8')).toBe('new');
    expect(statSync(path.join(ws, 'src', 'app.ts')).mode & 0o777).toBe(0o755);

    const fresh = (await files.checkWrite('src/new.ts')) as Extract<FileCheck, { ok: true }>;
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'src', 'new.ts'));
    await expect(writeAtomic(fresh, 'pwned')).rejects.toBeInstanceOf(FileRaceError);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    expect(lstatSync(path.join(ws, 'src', 'new.ts')).isSymbolicLink()).toBe(true);
  });

  it('creates parents inside the root only, refusing a planted symlink on the way', async () => {
    const { ws, outside, files } = setup();
    const deep = (await files.checkWrite('x/y/z.txt')) as Extract<FileCheck, { ok: true }>;
    symlinkSync(outside, path.join(ws, 'x'));
    await expect(writeAtomic(deep, 'data', { createParents: true })).rejects.toBeInstanceOf(FileRaceError);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});

describe('configuration', () => {
  it('nests a read-only root inside a writable one, and refuses a cwd outside every root', async () => {
    const ws = tempDir();
    mkdirSync(path.join(ws, 'vendor'));
    const files: FileAccess = createFileAccess({
      roots: [
        { path: ws, access: 'write' },
        { path: path.join(ws, 'vendor'), access: 'read' },
      ],
    });
    expect(reason(await files.checkWrite('vendor/lib.js'))).toBe('write_requires_writable_root');
    expect(reason(await files.checkWrite('lib.js'))).toBe('ok');
    expect(() => createFileAccess({ roots: [{ path: ws, access: 'write' }], cwd: '/' })).toThrow(
      /outside every root/,
    );
  });
});

describe("the user's configuration and git directories of any name", () => {
  const saved = { HOME: process.env.HOME, XDG: process.env.XDG_CONFIG_HOME };
  afterEach(() => {
    process.env.HOME = saved.HOME;
    if (saved.XDG === undefined) delete process.env.XDG_CONFIG_HOME;
    else process.env.XDG_CONFIG_HOME = saved.XDG;
  });

  it("keeps handrail's and git's user configuration read-only when the workspace is the home directory", async () => {
    const home = realpathSync(tempDir('hr-home-'));
    process.env.HOME = home;
    delete process.env.XDG_CONFIG_HOME;
    mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
    writeFileSync(path.join(home, '.config', 'git', 'config'), '[user]\n');
    const files = createFileAccess({ roots: [{ path: home, access: 'write' }] });
    for (const p of [
      '.config/git/config',
      '.config/git/attributes',
      '.config/handrail/policy.json',
      `${home}/.config/handrail/policy.json`,
      '.gitconfig',
      '.ssh/authorized_keys',
      '.ssh/config',
    ])
      expect([p, reason(await files.checkWrite(p))]).toEqual([p, 'protected_path']);
    expect(reason(await files.checkWrite('.config/other/settings.json'))).toBe('ok');
    expect(reason(await files.checkRead('.config/git/config'))).toBe('ok');

    // XDG_CONFIG_HOME moves both (and ~/.config stays protected too).
    process.env.XDG_CONFIG_HOME = path.join(home, 'xdg');
    const xdg = createFileAccess({ roots: [{ path: home, access: 'write' }] });
    expect(reason(await xdg.checkWrite('xdg/handrail/policy.json'))).toBe('protected_path');
    expect(reason(await xdg.checkWrite('xdg/git/config'))).toBe('protected_path');
    expect(reason(await xdg.checkWrite('.config/handrail/policy.json'))).toBe('protected_path');

    // A root that holds the home directory, and a symlinked ~/.gitconfig's target.
    const above = createFileAccess({ roots: [{ path: path.dirname(home), access: 'write' }] });
    expect(reason(await above.checkWrite(`${home}/.config/git/config`))).toBe('protected_path');
    mkdirSync(path.join(home, 'dotfiles'));
    writeFileSync(path.join(home, 'dotfiles', 'gitconfig'), '');
    symlinkSync('dotfiles/gitconfig', path.join(home, '.gitconfig'));
    const linked = createFileAccess({ roots: [{ path: home, access: 'write' }] });
    expect(reason(await linked.checkWrite('dotfiles/gitconfig'))).toBe('protected_path');
  });

  it('refuses writes into git directories whatever their name, and into config files the repository includes', async () => {
    const { ws, files } = setup();
    execFileSync('git', ['init', '-q', '--bare', path.join(ws, 'foo.git')]);
    execFileSync('git', ['init', '-q', '--bare', path.join(ws, 'store')]);
    mkdirSync(path.join(ws, 'lnk'));
    symlinkSync('../store', path.join(ws, 'lnk', '.git'));
    for (const p of ['foo.git/config', 'foo.git/hooks/pre-receive', 'lnk/.git/config', 'store/hooks/x'])
      expect([p, reason(await files.checkWrite(p))]).toEqual([p, 'protected_path']);
    // Making a directory into a git directory one file at a time.
    mkdirSync(path.join(ws, 'fake', 'objects'), { recursive: true });
    expect(reason(await files.checkWrite('fake/HEAD'))).toBe('protected_path');
    mkdirSync(path.join(ws, 'fake2'));
    writeFileSync(path.join(ws, 'fake2', 'HEAD'), 'ref: refs/heads/main\n');
    expect(reason(await files.checkWrite('fake2/objects/x'))).toBe('protected_path');
    expect(reason(await files.checkWrite('fake2/README'))).toBe('ok');

    // The workspace's repository: a gitdir: target and an included file (missing or not) are protected.
    const repo = realpathSync(tempDir('hr-ws-'));
    execFileSync('git', ['init', '-q', `--separate-git-dir=${path.join(repo, 'meta')}`, repo]);
    execFileSync('git', ['-C', repo, 'config', 'include.path', '../team.gitconfig']);
    execFileSync('git', ['-C', repo, 'config', 'core.hooksPath', '.githooks']);
    const inRepo = createFileAccess({ roots: [{ path: repo, access: 'write' }] });
    for (const p of ['meta/config', 'team.gitconfig', '.githooks/pre-commit'])
      expect([p, reason(await inRepo.checkWrite(p))]).toEqual([p, 'protected_path']);
    expect(reason(await inRepo.checkWrite('file.txt'))).toBe('ok');
    // A nested repository's includes and hooks directory too, from the repositories above the file.
    execFileSync('git', ['init', '-q', path.join(repo, 'w')]);
    execFileSync('git', ['-C', path.join(repo, 'w'), 'config', 'include.path', '../../w/local.gitconfig']);
    execFileSync('git', ['-C', path.join(repo, 'w'), 'config', 'core.hooksPath', 'hooks-dir']);
    for (const p of ['w/local.gitconfig', 'w/hooks-dir/pre-push'])
      expect([p, reason(await inRepo.checkWrite(p))]).toEqual([p, 'protected_path']);
    expect(reason(await inRepo.checkWrite('w/file.txt'))).toBe('ok');
  });
});
