// Attacks on the file tools, each checked through the real tools and the disk.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinTools } from '../../../src/index.js';
import { createFileAccess } from '../../../src/sandbox/file-policy.js';
import type { FileCheck } from '../../../src/sandbox/file-policy-types.js';
import { FileRaceError, openForRead } from '../../../src/sandbox/safe-fs.js';
import { findRipgrep } from '../../../src/tools/fs/search/rg-process.js';
import { text } from '../../support/results.js';
import { makeRuntime } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

function setup(options: { denyRead?: string[] } = {}) {
  const workspace = tempDir();
  const runtime = makeRuntime({ workspace, tools: builtinTools(), ...options });
  const turn = runtime.beginTurn();
  let n = 0;
  const call = (name: string, args: Record<string, unknown>) =>
    turn.call({ id: `c${n++}`, name, arguments: args });
  return { workspace, call };
}

describe('file tools under attack', () => {
  it('never takes rg from a PATH folder inside a root', () => {
    const workspace = tempDir();
    const bin = path.join(workspace, '.venv', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'rg'), '#!/bin/sh\ntouch PWNED\n', { mode: 0o755 });
    const searchPath = `${bin}:/usr/bin:/bin`;
    expect(findRipgrep(searchPath)).toBe(path.join(bin, 'rg'));
    expect(findRipgrep(searchPath, [workspace])).toBe('/usr/bin/rg');
  });

  it('refuses to delete or move a symbolic link with apply_patch, leaving its target alone', async () => {
    const { workspace, call } = setup();
    writeFileSync(path.join(workspace, 'README.md'), 'real readme\n');
    mkdirSync(path.join(workspace, 'docs'));
    symlinkSync('../README.md', path.join(workspace, 'docs', 'README.md'));
    const del = await call('apply_patch', {
      patch: '*** Begin Patch\n*** Delete File: docs/README.md\n*** End Patch',
    });
    expect(text(del)).toBe(
      'apply_patch verification failed: cannot delete docs/README.md: it is a symbolic link (to ../README.md); apply_patch deletes regular files only.\nNo files were changed.',
    );
    const move = await call('apply_patch', {
      patch:
        '*** Begin Patch\n*** Update File: docs/README.md\n*** Move to: docs/INDEX.md\n@@\n-real readme\n+moved\n*** End Patch',
    });
    expect(move.isError).toBe(true);
    expect(readFileSync(path.join(workspace, 'README.md'), 'utf8')).toBe('real readme\n');
    expect(existsSync(path.join(workspace, 'docs', 'INDEX.md'))).toBe(false);
  });

  it('protects the hooks folder named by core.hooksPath, and agent configuration', async () => {
    const workspace = tempDir();
    execFileSync('git', ['init', '-q', workspace]);
    execFileSync('git', ['-C', workspace, 'config', 'core.hooksPath', '.githooks']);
    const files = createFileAccess({ roots: [{ path: workspace, access: 'write' }] });
    for (const p of [
      '.githooks/pre-commit',
      '.husky/pre-commit',
      '.claude/settings.json',
      '.cursor/mcp.json',
      '.gitconfig',
    ]) {
      const check = await files.checkWrite(p);
      expect([p, check.ok ? 'ok' : check.reason]).toEqual([p, 'protected_path']);
    }
    expect((await files.checkWrite('src/hooks.ts')).ok).toBe(true);
  });

  it('never names a deny-read file when suggesting look-alikes', async () => {
    const { workspace, call } = setup({ denyRead: ['secrets.env'] });
    writeFileSync(path.join(workspace, 'secrets.env'), 'KEY=1');
    writeFileSync(path.join(workspace, 'secrets.md'), 'docs');
    expect(text(await call('read_file', { path: 'secrets.txt' }))).toBe(
      'File secrets.txt not found — the directory has secrets.md.',
    );
  });

  it('writes a file whose name is near the 255-byte limit', async () => {
    const { workspace, call } = setup();
    const name = `${'a'.repeat(240)}.txt`;
    const result = await call('write_file', { path: name, content: 'long\n' });
    expect(result.isError).toBe(false);
    expect(readFileSync(path.join(workspace, name), 'utf8')).toBe('long\n');
  });

  it('reads [!x] in globs as a negated class', async () => {
    const { workspace, call } = setup();
    for (const name of ['1x.ts', '2x.ts', '3x.ts']) writeFileSync(path.join(workspace, name), 'x');
    expect(
      text(await call('find_files', { pattern: '[!2]*.ts' }))
        .split('\n')
        .sort(),
    ).toEqual(['1x.ts', '3x.ts']);
  });

  it('places a pure addition only under an unambiguous @@ line', async () => {
    const { workspace, call } = setup();
    const source = 'def load_config_file(path):\n    pass\n\ndef load_config():\n    pass\n';
    writeFileSync(path.join(workspace, 'm.py'), source);
    const partial = await call('apply_patch', {
      patch:
        '*** Begin Patch\n*** Update File: m.py\n@@ def load_config\n+    """Load the config."""\n*** End Patch',
    });
    expect(partial.isError).toBe(true);
    expect(readFileSync(path.join(workspace, 'm.py'), 'utf8')).toBe(source);
    const exact = await call('apply_patch', {
      patch:
        '*** Begin Patch\n*** Update File: m.py\n@@ def load_config():\n+    """Load the config."""\n*** End Patch',
    });
    expect(exact.isError).toBe(false);
    expect(readFileSync(path.join(workspace, 'm.py'), 'utf8')).toBe(
      'def load_config_file(path):\n    pass\n\ndef load_config():\n    """Load the config."""\n    pass\n',
    );
  });

  it('keeps the owner of a file it rewrites', async () => {
    if (process.getuid?.() !== 0) return; // only root can hand files to another user
    const { workspace, call } = setup();
    const file = path.join(workspace, 'owned.txt');
    writeFileSync(file, 'one\n');
    chownSync(file, 1000, 1000);
    await call('edit_file', { path: 'owned.txt', edits: [{ old_text: 'one', new_text: 'two' }] });
    expect(readFileSync(file, 'utf8')).toBe('two\n');
    expect([statSync(file).uid, statSync(file).gid]).toEqual([1000, 1000]);
  });

  it('refuses a path ending in a slash for write_file', async () => {
    const { workspace, call } = setup();
    const result = await call('write_file', { path: 'newdir/', content: 'x' });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(existsSync(path.join(workspace, 'newdir'))).toBe(false);
  });

  it('notices a parent directory moved away and replaced by a symlink to it (same inode)', async () => {
    const workspace = tempDir();
    const outside = tempDir();
    mkdirSync(path.join(workspace, 'src'));
    writeFileSync(path.join(workspace, 'src', 'app.ts'), 'app');
    const files = createFileAccess({ roots: [{ path: workspace, access: 'write' }] });
    const check = (await files.checkRead('src/app.ts')) as Extract<FileCheck, { ok: true }>;
    renameSync(path.join(workspace, 'src'), path.join(outside, 'src'));
    symlinkSync(path.join(outside, 'src'), path.join(workspace, 'src'));
    // dev/inode still match (it is the same file); only its real location gives the swap away.
    await expect(openForRead(check)).rejects.toBeInstanceOf(FileRaceError);
  });
});
