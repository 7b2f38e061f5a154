// The owner's approvableWrites: which paths outside the roots a human may approve writing, and what the file
// policy still refuses there. An approved path is exactly one canonical path; everything else stays outside.
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { compileApprovableWrites } from '../../src/sandbox/approvable-writes.js';
import { createFileAccess } from '../../src/sandbox/file-policy.js';
import type { FileCheck } from '../../src/sandbox/file-policy-types.js';
import { homesWithin } from '../../src/sandbox/protected-paths.js';
import { tempDir } from '../support/temp.js';

const reason = (check: FileCheck) => (check.ok ? 'ok' : check.reason);

function setup(approvableWrites: (area: string) => string[], extra: { denyRead?: string[] } = {}) {
  const ws = realpathSync(tempDir('hr-ws-'));
  const area = realpathSync(tempDir('hr-area-'));
  const files = createFileAccess({
    roots: [{ path: ws, access: 'write' }],
    approvableWrites: approvableWrites(area),
    stateDir: path.join(ws, '.handrail'),
    ...(extra.denyRead ? { denyRead: extra.denyRead } : {}),
  });
  return { ws, area, files };
}

describe('entries', () => {
  test.each([
    ['relative', 'exports/**', /absolute/],
    ['every path', '/**', /names no folder/],
    ['every top-level path', '/*', /names no folder/],
    ['the root', '/', /names no folder/],
    ['negated', '!/tmp/x/**', /absolute|negated/],
    ['escaped', '/tmp/a\\*b', /backslash/],
    ['empty', '', /empty/],
    ['a NUL byte', '/tmp/a\0b', /NUL/],
  ])('%s (%j) is refused with the reason', (_what, entry, message) => {
    expect(() => compileApprovableWrites([entry])).toThrow(message);
  });

  test('a literal path covers itself and what is below it; a glob matches whole paths', () => {
    const [folder, csv] = compileApprovableWrites(['/srv/exports', '/srv/reports/*.csv']);
    expect(folder!.covers('/srv/exports')).toBe(true);
    expect(folder!.covers('/srv/exports/2026/a.txt')).toBe(true);
    expect(folder!.covers('/srv/exports-old/a.txt')).toBe(false);
    expect(csv!.covers('/srv/reports/q1.csv')).toBe(true);
    expect(csv!.covers('/srv/reports/q1.csv.sh')).toBe(false);
    expect(csv!.covers('/srv/reports/sub/q1.csv')).toBe(false);
    expect(csv!.covers('/srv/reports/.hidden.csv')).toBe(true);
  });

  test('`..` in an entry is resolved before matching (it cannot name a folder it does not)', () => {
    const [area] = compileApprovableWrites(['/srv/exports/../etc/**']);
    expect(area!.covers('/srv/etc/x')).toBe(true);
    expect(area!.covers('/srv/exports/x')).toBe(false);
  });

  test('an entry through a symbolic link matches the real folder (decisions are on canonical paths)', () => {
    const real = realpathSync(tempDir('hr-real-'));
    const link = path.join(realpathSync(tempDir('hr-link-')), 'exports');
    symlinkSync(real, link);
    const [area] = compileApprovableWrites([`${link}/**`]);
    expect(area!.covers(path.join(real, 'a.csv'))).toBe(true);
    expect(area!.root).toBe(real);
  });
});

describe('a write outside the roots', () => {
  test('inside approvableWrites: refused until approved, and says a human may approve it', async () => {
    const { area, files } = setup((a) => [`${a}/**`]);
    const check = await files.checkWrite(path.join(area, 'report.csv'));
    expect(check.ok).toBe(false);
    expect(check.ok ? undefined : check.approvable).toBe(true);
    expect(check.ok ? '' : check.message).toMatch(/outside the writable roots/);
  });

  test('elsewhere: refused, not approvable', async () => {
    const { files } = setup((a) => [`${a}/**`]);
    const check = await files.checkWrite('/etc/handrail-test');
    expect(reason(check)).toBe('outside_roots');
    expect(check.ok ? undefined : check.approvable).toBeUndefined();
  });

  test('approved: exactly that canonical path becomes writable, anchored at the entry’s folder', async () => {
    const { area, files } = setup((a) => [`${a}/**`]);
    const target = path.join(area, 'sub', 'report.csv');
    const approved = files.forApprovedCall({ approved: [target] });
    const check = await approved.checkWrite(target);
    expect(check.ok && check.path).toBe(target);
    expect(check.ok && check.root).toEqual({ path: area, access: 'write' });
    // Its neighbours, its folder and the original access stay as they were.
    expect(reason(await approved.checkWrite(path.join(area, 'sub', 'other.csv')))).toBe('outside_roots');
    expect(reason(await approved.checkWrite(path.join(area, 'sub'), { kind: 'directory' }))).toBe(
      'outside_roots',
    );
    expect(reason(await files.checkWrite(target))).toBe('outside_roots');
  });

  test('approved and read back as a file (an edit reads what it changes), never listed as a folder', async () => {
    const { area, files } = setup((a) => [`${a}/**`]);
    const target = path.join(area, 'notes.txt');
    writeFileSync(target, 'x');
    writeFileSync(path.join(area, 'secret.txt'), 'y');
    expect(reason(await files.checkRead(target))).toBe('outside_roots');
    const approved = files.forApprovedCall({ approved: [target] });
    expect(reason(await approved.checkRead(target))).toBe('ok');
    expect(reason(await approved.checkRead(target, { kind: 'any' }))).toBe('outside_roots');
    expect(reason(await approved.checkRead(path.join(area, 'secret.txt')))).toBe('outside_roots');
    expect(reason(await approved.checkRead(area, { kind: 'directory' }))).toBe('outside_roots');
    expect(approved.isReadable(target)).toBe(false);
  });

  test('a path nobody listed stays refused, whatever is passed as approved', async () => {
    const { files } = setup((a) => [`${a}/**`]);
    const approved = files.forApprovedCall({ approved: ['/etc/handrail-test', '/tmp/handrail-elsewhere'] });
    expect(reason(await approved.checkWrite('/etc/handrail-test'))).toBe('outside_roots');
    expect(reason(await approved.checkWrite('/tmp/handrail-elsewhere'))).toBe('outside_roots');
  });

  test('protected names inside the area stay read-only, approved or not', async () => {
    const { area, files } = setup((a) => [`${a}/**`]);
    mkdirSync(path.join(area, 'repo', '.git'), { recursive: true });
    writeFileSync(path.join(area, 'repo', '.git', 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(path.join(area, 'repo', '.git', 'objects'));
    for (const rel of [
      '.git/config',
      'repo/.git/hooks/pre-commit',
      'repo/.git/config',
      '.vscode/settings.json',
      '.envrc',
      '.mcp.json',
    ]) {
      const target = path.join(area, rel);
      expect([rel, reason(await files.checkWrite(target))]).toEqual([rel, 'protected_path']);
      expect([rel, reason(await files.forApprovedCall({ approved: [target] }).checkWrite(target))]).toEqual([
        rel,
        'protected_path',
      ]);
    }
  });

  test('deny-read paths and hard-linked files in the area are refused, approved or not', async () => {
    const { area, files } = setup((a) => [`${a}/**`], { denyRead: ['**/*.pem'] });
    const pem = path.join(area, 'key.pem');
    expect(reason(await files.forApprovedCall({ approved: [pem] }).checkWrite(pem))).toBe('deny_read');
    const linked = path.join(area, 'linked.txt');
    writeFileSync(path.join(area, 'original.txt'), 'x');
    linkSync(path.join(area, 'original.txt'), linked);
    expect(reason(await files.forApprovedCall({ approved: [linked] }).checkWrite(linked))).toBe('hardlink');
  });

  test('an area over a read-only root does not make the root writable', async () => {
    const ws = realpathSync(tempDir('hr-ws-'));
    const docs = path.join(ws, 'docs');
    mkdirSync(docs);
    mkdirSync(path.join(ws, 'src'));
    const files = createFileAccess({
      roots: [
        { path: path.join(ws, 'src'), access: 'write' },
        { path: docs, access: 'read' },
      ],
      approvableWrites: [`${ws}/**`],
    });
    const target = path.join(docs, 'a.md');
    const check = await files.forApprovedCall({ approved: [target] }).checkWrite(target);
    expect(reason(check)).toBe('write_requires_writable_root');
    expect(check.ok ? undefined : check.approvable).toBeUndefined();
  });

  test('handrail’s state directory is never approvable, even when an area covers it', async () => {
    const ws = realpathSync(tempDir('hr-ws-'));
    const state = realpathSync(tempDir('hr-state-'));
    const files = createFileAccess({
      roots: [{ path: ws, access: 'write' }],
      stateDir: state,
      approvableWrites: [`${state}/**`],
    });
    const target = path.join(state, 'handrail.db');
    expect(reason(await files.forApprovedCall({ approved: [target] }).checkWrite(target))).toBe(
      'protected_path',
    );
  });

  test('a link in the workspace to an approved path is the approved path (the check is on where it leads)', async () => {
    const { ws, area, files } = setup((a) => [`${a}/**`]);
    symlinkSync(area, path.join(ws, 'exports'));
    const target = path.join(area, 'r.csv');
    expect(reason(await files.checkWrite('exports/r.csv'))).toBe('symlink_escape');
    const check = await files.forApprovedCall({ approved: [target] }).checkWrite('exports/r.csv');
    expect(check.ok && check.path).toBe(target);
  });

  test('a folder in the area that links elsewhere leads elsewhere: refused even if its spelling was approved', async () => {
    const { area, files } = setup((a) => [`${a}/**`]);
    symlinkSync('/etc', path.join(area, 'etc'));
    const spelled = path.join(area, 'etc', 'handrail-test');
    expect(reason(await files.forApprovedCall({ approved: [spelled] }).checkWrite(spelled))).toBe(
      'outside_roots',
    );
  });
});

describe('the file checker of an approved call', () => {
  test('writes must land on a path the human was shown; a link retargeted since is refused', async () => {
    const { ws, files } = setup(() => []);
    writeFileSync(path.join(ws, 'shown.txt'), 'a');
    writeFileSync(path.join(ws, 'other.txt'), 'b');
    const approved = files.forApprovedCall({ writesOnly: [path.join(ws, 'shown.txt')] });
    expect(reason(await approved.checkWrite('shown.txt'))).toBe('ok');
    symlinkSync(path.join(ws, 'other.txt'), path.join(ws, 'link.txt'));
    const moved = await approved.checkWrite('link.txt');
    expect(reason(moved)).toBe('changed_since_approval');
    expect(moved.ok ? '' : moved.message).toMatch(/not what this call was approved to write/);
    // Reads are not held to it, and the turn's own checker is unchanged.
    expect(reason(await approved.checkRead('other.txt'))).toBe('ok');
    expect(reason(await files.checkWrite('other.txt'))).toBe('ok');
  });
});

/** An ordinary user's home under /home on this machine, if there is one. */
const OTHER_HOME = readFileSync('/etc/passwd', 'utf8')
  .split('\n')
  .map((line) => line.split(':')[5])
  .find((home) => home?.startsWith('/home/') && existsSync(home));

describe('other users’ homes', () => {
  test.runIf(OTHER_HOME !== undefined)(
    'a home a root or an area contains gets the running user’s protection',
    async () => {
      const user = realpathSync(OTHER_HOME!);
      expect(homesWithin(['/home'])).toContain(user);
      const files = createFileAccess({
        roots: [{ path: realpathSync(tempDir('hr-ws-')), access: 'write' }],
        approvableWrites: ['/home/**'],
      });
      for (const rel of ['.ssh/authorized_keys', '.bashrc', '.config/git/config']) {
        const target = path.join(user, rel);
        expect([rel, reason(await files.forApprovedCall({ approved: [target] }).checkWrite(target))]).toEqual(
          [rel, 'protected_path'],
        );
      }
    },
  );
});
