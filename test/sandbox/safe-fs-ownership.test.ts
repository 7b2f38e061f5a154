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
