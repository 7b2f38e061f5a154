import { chmodSync, chownSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bwrapArgs, PROC_READ_ONLY } from '../../../src/sandbox/backends/bwrap-args.js';
import { chooseIdentity, reachProblem } from '../../../src/sandbox/backends/identity.js';
import { placeholderNames, scanPolicyPaths } from '../../../src/sandbox/backends/scan.js';
import { BUILTIN_PROTECTED_GLOBS } from '../../../src/sandbox/protected-paths.js';
import { isRoot, workspace } from '../process/helpers.js';

function tree(ws: string, files: string[]): void {
  for (const rel of files) {
    const file = path.join(ws, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    if (rel.endsWith('/')) mkdirSync(file, { recursive: true });
    else writeFileSync(file, 'x');
  }
}

describe('placeholderNames', () => {
  it('holds the project-level protected names, and shell startup files only in a home directory', () => {
    const project = placeholderNames(BUILTIN_PROTECTED_GLOBS, '/srv/project');
    // .git stays free so `git init` works; a new repository is audited after the command.
    expect(project).not.toContain('.git');
    expect(project).toContain('.envrc');
    expect(project).toContain('.npmrc');
    expect(project).toContain('.vscode');
    expect(project).toContain('.mcp.json');
    expect(project).not.toContain('.bashrc');
    expect(project).not.toContain('.gitconfig');
    expect(placeholderNames(BUILTIN_PROTECTED_GLOBS, '/home/alice')).toContain('.bashrc');
    expect(placeholderNames(['deploy/**', 'src/**/*.key', '**/*.pem'], '/srv/p')).toEqual(['deploy']);
  });
});

describe('scanPolicyPaths', () => {
  it('finds deny-read matches and protected paths, outermost only, without following links', async () => {
    const ws = workspace();
    tree(ws, ['.env', 'a/.env', 'secrets/x/y.pem', '.git/config', '.git/hooks/h', 'a/b/.npmrc', 'src/ok.ts']);
    symlinkSync('/etc', path.join(ws, 'etc-link'));
    symlinkSync(path.join(ws, '.env'), path.join(ws, 'env-link.env'));
    const result = await scanPolicyPaths({
      roots: [{ path: ws, access: 'write' }],
      denyRead: ['**/.env', 'secrets', '**/*.env'],
      protectedPaths: [],
      visible: [],
      maxEntries: 1000,
    });
    expect(result.masks.map((m) => [path.relative(ws, m.path), m.dir]).sort()).toEqual([
      ['.env', false],
      ['a/.env', false],
      ['secrets', true],
    ]);
    expect(result.readOnly.map((p) => path.relative(ws, p)).sort()).toEqual(['.git', 'a/b/.npmrc']);
    expect(result.truncated).toBe(false);
  });

  it('treats protected paths in read-only roots as nothing special (they are read-only already)', async () => {
    const ws = workspace();
    tree(ws, ['.git/config']);
    const result = await scanPolicyPaths({
      roots: [{ path: ws, access: 'read' }],
      denyRead: [],
      protectedPaths: [],
      visible: [],
      maxEntries: 1000,
    });
    expect(result.readOnly).toEqual([]);
  });

  it('stops at the entry limit, shallow paths first', async () => {
    const ws = workspace();
    tree(ws, ['.envrc', 'a/b/c/d/.npmrc', ...Array.from({ length: 20 }, (_, i) => `f${i}`)]);
    const result = await scanPolicyPaths({
      roots: [{ path: ws, access: 'write' }],
      denyRead: [],
      protectedPaths: [],
      visible: [],
      maxEntries: 22,
    });
    expect(result.truncated).toBe(true);
    expect(result.readOnly).toEqual([path.join(ws, '.envrc')]);
  });
});

describe('scanPolicyPaths: repositories and absolute protected paths', () => {
  it('lists git directories of any name and .git links in writable roots, and binds absolute protected paths however deep', async () => {
    const ws = workspace();
    tree(ws, [
      '.git/HEAD',
      '.git/objects/',
      'foo.git/HEAD',
      'foo.git/objects/',
      'a/b/wt/HEAD',
      'a/b/wt/commondir',
      'not/HEAD',
      'gd/.git',
      'deep/er/still/home/.config/git/config',
      ...Array.from({ length: 10 }, (_, i) => `f${i}`),
    ]);
    symlinkSync('../foo.git', path.join(ws, 'a', '.git'));
    const protectedDir = path.join(ws, 'deep/er/still/home/.config/git');
    const result = await scanPolicyPaths({
      roots: [{ path: ws, access: 'write' }],
      denyRead: [],
      protectedPaths: [],
      visible: [],
      maxEntries: 1000,
      absoluteProtected: [protectedDir, path.join(ws, 'missing/handrail')],
    });
    expect(result.gitDirs.map((p) => path.relative(ws, p)).sort()).toEqual(['.git', 'a/b/wt', 'foo.git']);
    expect(result.gitLinks.map((p) => path.relative(ws, p)).sort()).toEqual(['a/.git', 'gd/.git']);
    expect(result.readOnly).toContain(protectedDir);
    // Found even when the walk stops before it gets there.
    const short = await scanPolicyPaths({
      roots: [{ path: ws, access: 'write' }],
      denyRead: [],
      protectedPaths: [],
      visible: [],
      maxEntries: 5,
      absoluteProtected: [protectedDir],
    });
    expect(short.truncated).toBe(true);
    expect(short.readOnly).toContain(protectedDir);
  });
});

describe('chooseIdentity', () => {
  it('is handrail itself when not root', async () => {
    const ws = workspace();
    expect(await chooseIdentity([{ path: ws, access: 'write' }], 'auto', 1000, 1000)).toEqual({
      identity: { mode: 'self', uid: 1000, gid: 1000 },
    });
  });

  it.skipIf(!isRoot)(
    'as root: the owner of the writable roots, else uid 0 without capabilities, nobody for read-only roots, or what was configured',
    async () => {
      const owned = workspace();
      const rootOwned = workspace({ owner: 'root' });
      expect((await chooseIdentity([{ path: owned, access: 'write' }], 'auto', 0, 0)).identity).toEqual({
        mode: 'owner',
        uid: 4242,
        gid: 4242,
      });
      const mixed = await chooseIdentity(
        [
          { path: owned, access: 'write' },
          { path: rootOwned, access: 'write' },
        ],
        'auto',
        0,
        0,
      );
      expect(mixed).toEqual({ identity: { mode: 'mapped-root', uid: 0, gid: 0 } });
      expect((await chooseIdentity([{ path: rootOwned, access: 'write' }], 'auto', 0, 0)).identity.mode).toBe(
        'mapped-root',
      );
      chmodSync(rootOwned, 0o755);
      const readOnly = await chooseIdentity([{ path: rootOwned, access: 'read' }], 'auto', 0, 0);
      expect(readOnly).toEqual({ identity: { mode: 'nobody', uid: 65534, gid: 65534 } });
      // nobody could not read a 0700 root-owned root: uid 0 without capabilities can.
      chmodSync(rootOwned, 0o700);
      expect((await chooseIdentity([{ path: rootOwned, access: 'read' }], 'auto', 0, 0)).identity.mode).toBe(
        'mapped-root',
      );
      expect((await chooseIdentity([], 'root', 0, 0)).identity.mode).toBe('mapped-root');
      expect((await chooseIdentity([], { uid: 7, gid: 8 }, 0, 0)).identity).toEqual({
        mode: 'explicit',
        uid: 7,
        gid: 8,
      });
    },
  );
});

describe('reachProblem', () => {
  it('names the first directory on the way the user cannot enter', async () => {
    const ws = workspace({ owner: 'root' });
    mkdirSync(path.join(ws, 'inner'));
    chmodSync(ws, 0o700);
    expect(await reachProblem(path.join(ws, 'inner'), 'read', 65534, 65534)).toBe(
      `${ws} is mode 0700 owned by uid ${process.getuid?.()}`,
    );
    chmodSync(ws, 0o755);
    expect(await reachProblem(path.join(ws, 'inner'), 'read', 65534, 65534)).toBeUndefined();
    expect(await reachProblem(path.join(ws, 'inner'), 'write', 65534, 65534)).toBe(
      `${path.join(ws, 'inner')} is mode 0755 owned by uid ${process.getuid?.()}`,
    );
    if (isRoot) chownSync(path.join(ws, 'inner'), 65534, 65534);
    if (isRoot) expect(await reachProblem(path.join(ws, 'inner'), 'write', 65534, 65534)).toBeUndefined();
  });
});

describe('bwrapArgs', () => {
  const base = {
    bwrap: '/usr/bin/bwrap',
    identity: { mode: 'owner' as const, uid: 1000, gid: 1000 },
    network: false,
    tty: false,
    system: ['--ro-bind', '/usr', '/usr'],
    extraReadOnly: [],
    resolver: [],
    tmpSizeBytes: 1024,
    home: '/tmp/run/home',
    roots: [
      { path: '/ws/vendor', access: 'read' as const },
      { path: '/ws', access: 'write' as const },
    ],
    readOnly: ['/ws/.git'],
    masks: [
      { path: '/ws/.git/secret', dir: false },
      { path: '/ws/private', dir: true },
    ],
    deniedFile: '/tmp/run/denied',
    cwd: '/ws',
    command: ['bash', '-c', 'x'],
  };

  it('orders mounts outer before nested and shares the network only when asked', () => {
    expect(bwrapArgs(base)).toEqual([
      '/usr/bin/bwrap',
      '--unshare-all',
      '--unshare-user',
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--ro-bind',
      '/usr',
      '/usr',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--perms',
      '1777',
      '--size',
      '1024',
      '--tmpfs',
      '/tmp',
      '--bind',
      '/tmp/run/home',
      '/tmp/run/home',
      '--bind',
      '/ws',
      '/ws',
      '--ro-bind',
      '/ws/vendor',
      '/ws/vendor',
      '--ro-bind',
      '/ws/.git',
      '/ws/.git',
      '--perms',
      '0000',
      '--tmpfs',
      '/ws/private',
      '--remount-ro',
      '/ws/private',
      '--ro-bind',
      '/tmp/run/denied',
      '/ws/.git/secret',
      '--chdir',
      '/ws',
      '--',
      'bash',
      '-c',
      'x',
    ]);
    const net = bwrapArgs({ ...base, network: true, tty: true });
    expect(net).toContain('--share-net');
    expect(net).not.toContain('--new-session');
  });

  it('for uid 0: read-only sysctls and driver tunables, and private device nodes over the host ones', () => {
    const args = bwrapArgs({
      ...base,
      identity: { mode: 'mapped-root', uid: 0, gid: 0 },
      devices: '/run/hr-dev',
    });
    const at = args.indexOf('/proc');
    expect(args.slice(at + 1, at + 4)).toEqual(['--ro-bind-try', '/proc/sys', '/proc/sys']);
    for (const name of PROC_READ_ONLY)
      expect(args.join(' ')).toContain(`--ro-bind-try /proc/${name} /proc/${name}`);
    const dev = args.indexOf('--dev');
    expect(args.slice(dev, dev + 5)).toEqual([
      '--dev',
      '/dev',
      '--dev-bind',
      '/run/hr-dev/null',
      '/dev/null',
    ]);
    expect(args.filter((a) => a === '--dev-bind')).toHaveLength(6);
    // Anyone else gets bwrap's own /dev and /proc.
    expect(bwrapArgs({ ...base, devices: '/run/hr-dev' })).not.toContain('--dev-bind');
    expect(bwrapArgs(base)).not.toContain('--ro-bind-try');
  });

  it('binds read paths with the roots, outer before nested, so a root inside one stays writable and masks come after', () => {
    const args = bwrapArgs({
      ...base,
      roots: [{ path: '/opt2/tools/ws', access: 'write' }],
      readPaths: ['/opt2/tools', '/srv/node_modules'],
      readOnly: [],
      masks: [{ path: '/srv/node_modules/pkg/secret', dir: false }],
      cwd: '/opt2/tools/ws',
    });
    const from = args.lastIndexOf('/tmp/run/home') + 1;
    expect(args.slice(from, args.indexOf('--chdir'))).toEqual([
      '--ro-bind',
      '/opt2/tools',
      '/opt2/tools',
      '--ro-bind',
      '/srv/node_modules',
      '/srv/node_modules',
      '--bind',
      '/opt2/tools/ws',
      '/opt2/tools/ws',
      '--ro-bind',
      '/tmp/run/denied',
      '/srv/node_modules/pkg/secret',
    ]);
  });

  it('drops capabilities and maps to an unprivileged uid for runAs root', () => {
    const args = bwrapArgs({ ...base, identity: { mode: 'mapped-root', uid: 0, gid: 0 } });
    expect(args.slice(1, 10)).toEqual([
      '--unshare-all',
      '--unshare-user',
      '--uid',
      '65534',
      '--gid',
      '65534',
      '--cap-drop',
      'ALL',
      '--disable-userns',
    ]);
  });
});
