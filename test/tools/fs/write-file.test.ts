import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionIntent } from '../../../src/index.js';
import { text } from '../../support/results.js';
import { tempDir } from '../../support/temp.js';
import { workspace } from './edit/helpers.js';

describe('write_file', () => {
  it('creates a file and its missing parent directories', async () => {
    const w = workspace();
    const result = await w.write({
      path: 'src/deep/new.ts',
      content: 'export const a = 1;\nexport const b = 2;\n',
    });
    expect(result.isError).toBe(false);
    expect(text(result)).toBe('Created src/deep/new.ts (2 lines, 40 bytes).');
    expect(w.read('src/deep/new.ts')).toBe('export const a = 1;\nexport const b = 2;\n');
    expect(result.details).toMatchObject({ created: true, bytes: 40, lines: 2 });
  });

  it('creates an empty file', async () => {
    const w = workspace();
    expect(text(await w.write({ path: 'empty', content: '' }))).toBe('Created empty (0 lines, 0 bytes).');
    expect(w.read('empty')).toBe('');
  });

  it('overwrites a file and shows what changed', async () => {
    const w = workspace({ 'src/app.ts': 'a\nb\nc\nd\ne\nf\ng\nh\n' });
    const result = await w.write({ path: 'src/app.ts', content: 'a\nb\nc\nD\nd2\ne\nf\ng\n' });
    expect(text(result)).toBe(
      [
        'Overwrote src/app.ts (+2 −2 lines):',
        '--- src/app.ts',
        '+++ src/app.ts',
        '@@ -1,8 +1,8 @@',
        ' a',
        ' b',
        ' c',
        '-d',
        '+D',
        '+d2',
        ' e',
        ' f',
        ' g',
        '-h',
      ].join('\n'),
    );
    expect(w.read('src/app.ts')).toBe('a\nb\nc\nD\nd2\ne\nf\ng\n');
  });

  it('bounds the diff of a large rewrite and says how much is left', async () => {
    const before = Array.from({ length: 200 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 200 }, (_, i) => `new ${i}`).join('\n');
    const w = workspace({ 'big.txt': before });
    const out = text(await w.write({ path: 'big.txt', content: after }));
    const lines = out.split('\n');
    expect(lines[0]).toBe('Overwrote big.txt (+200 −200 lines):');
    expect(lines).toHaveLength(1 + 2 + 60 + 1);
    expect(lines.at(-1)).toBe('... (343 more diff lines not shown)');
  });

  it('diffs only the changed region of a large file', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `row ${i}`);
    const w = workspace({ 'rows.txt': `${lines.join('\n')}\n` });
    lines[35_000] = 'changed row';
    const out = text(await w.write({ path: 'rows.txt', content: `${lines.join('\n')}\n` }));
    expect(out).toBe(
      [
        'Overwrote rows.txt (+1 −1 lines):',
        '--- rows.txt',
        '+++ rows.txt',
        '@@ -34998,7 +34998,7 @@',
        ' row 34997',
        ' row 34998',
        ' row 34999',
        '-row 35000',
        '+changed row',
        ' row 35001',
        ' row 35002',
        ' row 35003',
      ].join('\n'),
    );
  });

  it('says so when the content is already there, and writes nothing', async () => {
    const w = workspace({ 'same.txt': 'same\n' });
    const before = statSync(w.file('same.txt'));
    expect(text(await w.write({ path: 'same.txt', content: 'same\n' }))).toBe(
      'same.txt already has this content (1 lines, 5 bytes); nothing was written.',
    );
    expect(statSync(w.file('same.txt')).ino).toBe(before.ino);
  });

  it('overwrites a binary file without dumping it', async () => {
    const w = workspace({ 'x.bin': Buffer.from([0, 1, 2, 3]) });
    expect(text(await w.write({ path: 'x.bin', content: 'text now\n' }))).toBe(
      'Overwrote x.bin (1 lines, 9 bytes; the previous content was not UTF-8 text).',
    );
  });

  it('keeps the mode of the file it replaces', async () => {
    const w = workspace({ 'run.sh': '#!/bin/sh\n' });
    chmodSync(w.file('run.sh'), 0o755);
    await w.write({ path: 'run.sh', content: '#!/bin/sh\necho hi\n' });
    expect(statSync(w.file('run.sh')).mode & 0o777).toBe(0o755);
  });

  it('refuses a file that changed on disk since this turn wrote it', async () => {
    const w = workspace();
    await w.write({ path: 'n.txt', content: 'mine\n' });
    writeFileSync(w.file('n.txt'), 'theirs, longer\n');
    const result = await w.write({ path: 'n.txt', content: 'mine again\n' });
    expect(result.outcome.errorClass).toBe('conflict');
    expect(text(result)).toBe(
      'n.txt changed on disk since this turn last read or wrote it (its size changed from 5 to 15 bytes). Read the file again, then redo the change against its current content.',
    );
    expect(w.read('n.txt')).toBe('theirs, longer\n');
  });

  it('accepts file_path and contents from models used to other tools', async () => {
    const w = workspace();
    expect((await w.write({ file_path: 'a.txt', contents: 'x' })).isError).toBe(false);
    expect(w.read('a.txt')).toBe('x');
  });

  it('declares a file_write intent with the canonical path', async () => {
    const intents: PermissionIntent[] = [];
    const dir = tempDir('handrail-write-');
    const w = workspace(
      {},
      {
        workspace: dir,
        permission: {
          evaluate: (intent) => {
            intents.push(intent);
            return { behavior: 'allow' };
          },
        },
      },
    );
    await w.write({ path: 'new/dir/f.txt', content: 'a\nb\n' });
    expect(intents[0]).toMatchObject({
      action: 'file_write',
      summary: 'Write new/dir/f.txt (2 lines)',
      scope: { operation: 'write_file', paths: [path.join(realpathSync(dir), 'new/dir/f.txt')] },
    });
  });
});

describe('write_file and the file policy', () => {
  it('refuses paths outside the workspace and creates nothing there', async () => {
    const outside = tempDir('handrail-outside-');
    const w = workspace();
    for (const p of [path.join(outside, 'new/f.txt'), path.relative(w.dir, path.join(outside, 'f.txt'))]) {
      const result = await w.write({ path: p, content: 'x' });
      expect(result.outcome.errorClass).toBe('sandbox_violation');
      expect(result.details).toMatchObject({ reason: 'outside_roots' });
    }
    expect(existsSync(path.join(outside, 'new'))).toBe(false);
    expect(existsSync(path.join(outside, 'f.txt'))).toBe(false);
  });

  it('refuses protected paths, even ones that do not exist yet', async () => {
    const w = workspace({ '.git/config': '[core]\n' });
    for (const p of ['.git/config', '.git/hooks/pre-commit', '.npmrc']) {
      const result = await w.write({ path: p, content: 'owned' });
      expect(result.details).toMatchObject({ reason: 'protected_path' });
    }
    expect(w.read('.git/config')).toBe('[core]\n');
    expect(existsSync(w.file('.git/hooks'))).toBe(false);
    expect(existsSync(w.file('.npmrc'))).toBe(false);
  });

  it('refuses writing through a symlink to the outside, for a file and a parent directory', async () => {
    const outside = tempDir('handrail-outside-');
    writeFileSync(path.join(outside, 'f.txt'), 'secret\n');
    const w = workspace();
    symlinkSync(path.join(outside, 'f.txt'), w.file('link.txt'));
    symlinkSync(outside, w.file('linkdir'));
    for (const p of ['link.txt', 'linkdir/f.txt', 'linkdir/sub/new.txt']) {
      const result = await w.write({ path: p, content: 'owned' });
      expect(result.details).toMatchObject({ reason: 'symlink_escape' });
    }
    expect(readFileSync(path.join(outside, 'f.txt'), 'utf8')).toBe('secret\n');
    expect(existsSync(path.join(outside, 'sub'))).toBe(false);
    expect(lstatSync(w.file('link.txt')).isSymbolicLink()).toBe(true);
  });

  it('refuses a dangling symlink that points outside', async () => {
    const outside = tempDir('handrail-outside-');
    const w = workspace();
    symlinkSync(path.join(outside, 'later.txt'), w.file('dangling.txt'));
    const result = await w.write({ path: 'dangling.txt', content: 'owned' });
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(existsSync(path.join(outside, 'later.txt'))).toBe(false);
  });

  it('refuses a hard-linked file', async () => {
    const outside = tempDir('handrail-outside-');
    writeFileSync(path.join(outside, 'f.txt'), 'secret\n');
    const w = workspace();
    linkSync(path.join(outside, 'f.txt'), w.file('hard.txt'));
    const result = await w.write({ path: 'hard.txt', content: 'owned' });
    expect(result.details).toMatchObject({ reason: 'hardlink' });
    expect(readFileSync(path.join(outside, 'f.txt'), 'utf8')).toBe('secret\n');
  });

  it('refuses a FIFO target without blocking, and leaves it in place', async () => {
    const w = workspace();
    execFileSync('mkfifo', [w.file('pipe')]);
    const result = await w.write({ path: 'pipe', content: 'data' });
    expect(text(result)).toBe('Cannot write pipe: it is a named pipe (FIFO), not a regular file.');
    expect(lstatSync(w.file('pipe')).isFIFO()).toBe(true);
  });

  it('refuses a directory as the target', async () => {
    const w = workspace({ 'dir/a.txt': 'a' });
    const result = await w.write({ path: 'dir', content: 'x' });
    expect(text(result)).toBe('Cannot write dir: it is a directory, not a file.');
  });

  it('refuses when a parent on the way is a file', async () => {
    const w = workspace({ 'file.txt': 'a' });
    const result = await w.write({ path: 'file.txt/child.txt', content: 'x' });
    expect(text(result)).toBe(
      `Cannot create file.txt/child.txt: ${realpathSync(w.dir)}/file.txt is a file, not a directory.`,
    );
    expect(w.read('file.txt')).toBe('a');
  });

  it('serializes concurrent writes to one file: one writer wins whole, none interleave', async () => {
    const w = workspace();
    const contents = Array.from({ length: 10 }, (_, i) => `writer ${i}\n`.repeat(1000));
    const results = await Promise.all(
      contents.map((content, i) =>
        w.turn.call({ id: `w${i}`, name: 'write_file', arguments: { path: 'c.txt', content } }),
      ),
    );
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(results.filter((r) => text(r).startsWith('Created c.txt'))).toHaveLength(1);
    expect(contents).toContain(w.read('c.txt'));
  });
});
