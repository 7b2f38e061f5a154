// File tools honour file permissions and ownership, and never create a byte outside the roots — tested as
// users run them: as root on a root-owned workspace, as root on a user's workspace (uid 4242), as that
// ordinary user in a process of its own, and with a directory swapped for a symlink mid-call.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { builtinTools, createRuntime, type ToolResult } from '../../src/index.js';
import { createFileAccess } from '../../src/sandbox/file-policy.js';
import { writeAtomic } from '../../src/sandbox/safe-fs.js';

import { isRoot } from '../support/users.js';

const USER = 4242;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function dir(owner?: number): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'handrail-own-'));
  chmodSync(d, 0o755);
  if (owner !== undefined) chownSync(d, owner, owner);
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

function runtimeIn(ws: string) {
  const rt = createRuntime({
    workspace: ws,
    tools: builtinTools(),
    profile: 'full_access',
    sandbox: 'none',
    store: false,
    rateLimits: false,
    policyFiles: { user: null, managed: null, project: null },
  });
  cleanups.push(() => rt.close());
  return rt.beginTurn();
}
const text = (r: ToolResult) => r.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
let n = 0;
const call = (name: string, args: Record<string, unknown>) => ({ id: `o${++n}`, name, arguments: args });

describe('read-only files are left alone', () => {
  const cases: Array<[string, (file: string) => { name: string; args: Record<string, unknown> }]> = [
    ['write_file', () => ({ name: 'write_file', args: { path: 'locked.txt', content: 'new\n' } })],
    [
      'edit_file',
      () => ({ name: 'edit_file', args: { path: 'locked.txt', old_text: 'old', new_text: 'new' } }),
    ],
    [
      'apply_patch update',
      () => ({
        name: 'apply_patch',
        args: { patch: '*** Begin Patch\n*** Update File: locked.txt\n@@\n-old\n+new\n*** End Patch' },
      }),
    ],
    [
      'apply_patch delete',
      () => ({
        name: 'apply_patch',
        args: { patch: '*** Begin Patch\n*** Delete File: locked.txt\n*** End Patch' },
      }),
    ],
    [
      'apply_patch move',
      () => ({
        name: 'apply_patch',
        args: {
          patch:
            '*** Begin Patch\n*** Update File: locked.txt\n*** Move to: moved.txt\n@@\n-old\n+new\n*** End Patch',
        },
      }),
    ],
  ];
  test.each(cases)('%s on a mode 0444 file: permission_denied, the file unchanged', async (_label, make) => {
    const ws = dir();
    const file = path.join(ws, 'locked.txt');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o444);
    const { name, args } = make(file);
    const result = await runtimeIn(ws).call(call(name, args));
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(text(result)).toMatch(/not writable .*mode 0444/);
    expect(readFileSync(file, 'utf8')).toBe('old\n');
    expect(existsSync(path.join(ws, 'moved.txt'))).toBe(false);
    expect(readdirSync(ws).filter((f) => f.startsWith('.handrail-'))).toEqual([]);
  });

  test.skipIf(!isRoot)("as root on a user's workspace, another user's file is refused", async () => {
    const ws = dir(USER);
    const file = path.join(ws, 'theirs.txt');
    writeFileSync(file, 'old\n');
    chownSync(file, USER + 1, USER + 1);
    chmodSync(file, 0o644);
    const result = await runtimeIn(ws).call(call('write_file', { path: 'theirs.txt', content: 'x' }));
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(readFileSync(file, 'utf8')).toBe('old\n');
  });
});

describe.skipIf(!isRoot)("as root on a user's workspace, files stay the user's", () => {
  test('created files and directories belong to the workspace owner; edited files keep mode and owner', async () => {
    const ws = dir(USER);
    const turn = runtimeIn(ws);
    expect((await turn.call(call('write_file', { path: 'a/b/new.txt', content: 'hi\n' }))).isError).toBe(
      false,
    );
    for (const p of ['a', 'a/b', 'a/b/new.txt']) expect(statSync(path.join(ws, p)).uid).toBe(USER);
    const kept = path.join(ws, 'kept.txt');
    writeFileSync(kept, 'one\n');
    chownSync(kept, USER, USER);
    chmodSync(kept, 0o640);
    const edited = await turn.call(call('edit_file', { path: 'kept.txt', old_text: 'one', new_text: 'two' }));
    expect(edited.isError).toBe(false);
    const after = statSync(kept);
    expect([after.uid, after.gid, after.mode & 0o777]).toEqual([USER, USER, 0o640]);
    const patch = '*** Begin Patch\n*** Add File: c/added.txt\n+x\n*** End Patch';
    expect((await turn.call(call('apply_patch', { patch }))).isError).toBe(false);
    expect(statSync(path.join(ws, 'c/added.txt')).uid).toBe(USER);
    expect(statSync(path.join(ws, 'c')).uid).toBe(USER);
  });

  test('the ordinary user, in a process of its own, is refused its own read-only file and writes the rest', () => {
    const ws = dir(USER);
    const locked = path.join(ws, 'locked.txt');
    writeFileSync(locked, 'old\n');
    chownSync(locked, USER, USER);
    chmodSync(locked, 0o444);
    const dist = path.resolve(import.meta.dirname, '../../dist/index.js');
    const script = `
      const { createRuntime, builtinTools } = await import(${JSON.stringify(dist)});
      const rt = createRuntime({ workspace: ${JSON.stringify(ws)}, tools: builtinTools(), profile: 'full_access',
        sandbox: 'none', store: false, policyFiles: { user: null, managed: null, project: null } });
      const t = rt.beginTurn();
      const a = await t.call({ id: 'a', name: 'write_file', arguments: { path: 'locked.txt', content: 'x' } });
      const b = await t.call({ id: 'b', name: 'write_file', arguments: { path: 'fresh.txt', content: 'x' } });
      console.log(JSON.stringify([a.outcome.errorClass ?? 'ok', b.outcome.errorClass ?? 'ok']));
      await rt.close();`;
    const out = execFileSync(
      'setpriv',
      [
        `--reuid=${USER}`,
        `--regid=${USER}`,
        '--clear-groups',
        process.execPath,
        '--input-type=module',
        '-e',
        script,
      ],
      { cwd: ws, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws } },
    );
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual(['permission_denied', 'ok']);
    expect(readFileSync(locked, 'utf8')).toBe('old\n');
    expect(statSync(path.join(ws, 'fresh.txt')).uid).toBe(USER);
  });
});

const dist = path.resolve(import.meta.dirname, '../../dist/index.js');
const fileCalls = path.resolve(import.meta.dirname, 'fixtures/file-calls.mjs');
const TEAM = USER + 2;

/** A file with this content, owner and mode. */
function put(file: string, owner: [number, number], mode: number, content = 'old\n'): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  chownSync(file, ...owner);
  chmodSync(file, mode);
  return file;
}
const owned = (file: string) => {
  const s = statSync(file);
  return [s.uid, s.gid, (s.mode & 0o7777).toString(8)];
};
const update = (file: string) => `*** Begin Patch\n*** Update File: ${file}\n@@\n-old\n+new\n*** End Patch`;

/** Tool calls run by USER (with TEAM as a supplementary group) in a node process of its own. */
function callsAsUser(ws: string, calls: Array<[string, Record<string, unknown>]>) {
  const out = execFileSync(
    'setpriv',
    [
      `--reuid=${USER}`,
      `--regid=${USER}`,
      `--groups=${USER},${TEAM}`,
      process.execPath,
      fileCalls,
      dist,
      ws,
      JSON.stringify(calls),
    ],
    { cwd: ws, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws } },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Array<{ errorClass: string; text: string }>;
}

describe.skipIf(!isRoot || !existsSync(dist))(
  'an ordinary user, in a process of its own, changes the files it may write and they stay whose they were',
  () => {
    // Files the user may write but not replace by rename and keep as they were: root's file writable through
    // the user's group, another user's world-writable file, the user's own file in a supplementary group,
    // its file in a directory it may not write, another user's file in a sticky directory.
    const layout = (ws: string) => {
      mkdirSync(path.join(ws, 'ro'));
      mkdirSync(path.join(ws, 'sticky'));
      const files = [
        put(path.join(ws, 'group.txt'), [0, USER], 0o664),
        put(path.join(ws, 'shared.txt'), [USER + 1, USER + 1], 0o666),
        put(path.join(ws, 'team.txt'), [USER, TEAM], 0o664),
        put(path.join(ws, 'ro', 'inside.txt'), [USER, USER], 0o644),
        put(path.join(ws, 'sticky', 'theirs.txt'), [USER + 1, USER + 1], 0o666),
      ];
      chownSync(path.join(ws, 'ro'), USER, USER);
      chmodSync(path.join(ws, 'ro'), 0o555);
      chmodSync(path.join(ws, 'sticky'), 0o1777);
      return files.map((f) => path.relative(ws, f));
    };
    const tools: Array<[string, (f: string) => [string, Record<string, unknown>]]> = [
      ['write_file', (f) => ['write_file', { path: f, content: 'new\n' }]],
      ['edit_file', (f) => ['edit_file', { path: f, old_text: 'old', new_text: 'new' }]],
      ['apply_patch update', (f) => ['apply_patch', { patch: update(f) }]],
    ];
    test.each(tools)('%s: written in place, owner, group and mode kept', (_label, make) => {
      const ws = dir(USER);
      const files = layout(ws);
      const before = files.map((f) => owned(path.join(ws, f)));
      const results = callsAsUser(
        ws,
        files.map((f) => make(f)),
      );
      expect(results.map((r) => r.errorClass)).toEqual(files.map(() => 'ok'));
      expect(files.map((f) => readFileSync(path.join(ws, f), 'utf8'))).toEqual(files.map(() => 'new\n'));
      expect(files.map((f) => owned(path.join(ws, f)))).toEqual(before);
      expect(readdirSync(ws, { recursive: true }).filter((f) => String(f).includes('.handrail-'))).toEqual(
        [],
      );
    });

    test("another user's file in a sticky directory cannot be deleted or moved: permission_denied, said plainly", () => {
      const ws = dir(USER);
      layout(ws);
      const results = callsAsUser(ws, [
        ['apply_patch', { patch: '*** Begin Patch\n*** Delete File: sticky/theirs.txt\n*** End Patch' }],
        [
          'apply_patch',
          {
            patch:
              '*** Begin Patch\n*** Update File: sticky/theirs.txt\n*** Move to: moved.txt\n@@\n-old\n+new\n*** End Patch',
          },
        ],
      ]);
      for (const r of results) {
        expect(r.errorClass).toBe('permission_denied');
        expect(r.text).toMatch(/sticky/);
        expect(r.text).not.toContain('/proc/self/fd');
      }
      expect(readFileSync(path.join(ws, 'sticky', 'theirs.txt'), 'utf8')).toBe('old\n');
      expect(existsSync(path.join(ws, 'moved.txt'))).toBe(false);
    });
  },
);

describe.skipIf(!isRoot)("as root on a user's workspace, modes and groups are kept", () => {
  test('set-user-ID and set-group-ID bits survive an edit', async () => {
    const ws = dir(USER);
    const turn = runtimeIn(ws);
    put(path.join(ws, 'suid'), [USER, USER], 0o4755);
    put(path.join(ws, 'sgid'), [USER, TEAM], 0o2755);
    for (const f of ['suid', 'sgid']) {
      const edited = await turn.call(call('edit_file', { path: f, old_text: 'old', new_text: 'new' }));
      expect(edited.isError).toBe(false);
    }
    expect(owned(path.join(ws, 'suid'))).toEqual([USER, USER, '4755']);
    expect(owned(path.join(ws, 'sgid'))).toEqual([USER, TEAM, '2755']);
  });

  test('a file moved by apply_patch keeps its mode, owner and group', async () => {
    const ws = dir(USER);
    put(path.join(ws, 'run.sh'), [USER, TEAM], 0o750);
    const patch =
      '*** Begin Patch\n*** Update File: run.sh\n*** Move to: bin/run.sh\n@@\n-old\n+new\n*** End Patch';
    const result = await runtimeIn(ws).call(call('apply_patch', { patch }));
    expect(result.isError).toBe(false);
    expect(owned(path.join(ws, 'bin', 'run.sh'))).toEqual([USER, TEAM, '750']);
    expect(existsSync(path.join(ws, 'run.sh'))).toBe(false);
  });

  test("a file created in a set-group-ID directory gets the directory's group, as the kernel gives it", async () => {
    const ws = dir(USER);
    const team = path.join(ws, 'team');
    mkdirSync(team);
    chownSync(team, USER, TEAM);
    chmodSync(team, 0o2775);
    const turn = runtimeIn(ws);
    expect((await turn.call(call('write_file', { path: 'team/new.txt', content: 'x' }))).isError).toBe(false);
    expect((await turn.call(call('write_file', { path: 'team/sub/deeper.txt', content: 'x' }))).isError).toBe(
      false,
    );
    expect(statSync(path.join(team, 'new.txt')).gid).toBe(TEAM);
    expect(statSync(path.join(team, 'sub')).gid).toBe(TEAM);
    expect(statSync(path.join(team, 'sub', 'deeper.txt')).gid).toBe(TEAM);
    expect(statSync(path.join(team, 'new.txt')).uid).toBe(USER);
  });

  test("another user's file in a sticky directory is not deleted for the workspace owner", async () => {
    const ws = dir(USER);
    const sticky = path.join(ws, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    put(path.join(sticky, 'theirs.txt'), [USER + 1, USER + 1], 0o666);
    const patch = '*** Begin Patch\n*** Delete File: sticky/theirs.txt\n*** End Patch';
    const result = await runtimeIn(ws).call(call('apply_patch', { patch }));
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(text(result)).toMatch(/sticky/);
    expect(existsSync(path.join(sticky, 'theirs.txt'))).toBe(true);
  });
});

describe('no byte outside the roots, even under races', () => {
  test('a directory swapped for a symlink after the check: nothing is created outside, not even a temp file', async () => {
    const ws = dir();
    const outside = dir();
    mkdirSync(path.join(ws, 'sub'));
    const files = createFileAccess({ roots: [{ path: ws, access: 'write' }] });
    const check = await files.checkWrite('sub/new.txt');
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    // The swap a concurrent process could make between the policy check and the write.
    renameSync(path.join(ws, 'sub'), path.join(ws, 'sub.old'));
    symlinkSync(outside, path.join(ws, 'sub'));
    const seen: string[] = [];
    const watcher = watch(outside, (_event, name) => seen.push(String(name)));
    cleanups.push(() => watcher.close());
    await expect(writeAtomic(check, 'payload')).rejects.toThrow(/not a directory|swapped/);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
    expect(readdirSync(outside)).toEqual([]);
  });

  test('a parent swapped while missing directories are created: none of them appears outside', async () => {
    const ws = dir();
    const outside = dir();
    mkdirSync(path.join(ws, 'a'));
    const files = createFileAccess({ roots: [{ path: ws, access: 'write' }] });
    const check = await files.checkWrite('a/b/c/new.txt');
    if (!check.ok) throw new Error(check.message);
    renameSync(path.join(ws, 'a'), path.join(ws, 'a.old'));
    symlinkSync(outside, path.join(ws, 'a'));
    const seen: string[] = [];
    const watcher = watch(outside, (_event, name) => seen.push(String(name)));
    cleanups.push(() => watcher.close());
    await expect(writeAtomic(check, 'payload', { createParents: true })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
    expect(readdirSync(outside)).toEqual([]);
  });
});
