import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionIntent } from '../../../../src/index.js';
import { text } from '../../../support/results.js';
import { tempDir } from '../../../support/temp.js';
import { workspace } from './helpers.js';

const edit1 = (old_text: string, new_text: string) => [{ old_text, new_text }];

describe('edit_file and changes on disk', () => {
  it('refuses a file that grew since this turn wrote it, and keeps the other change', async () => {
    const w = workspace({ 'a.txt': 'alpha\nbeta\n' });
    expect((await w.edit({ path: 'a.txt', edits: edit1('alpha', 'ALPHA') })).isError).toBe(false);
    writeFileSync(w.file('a.txt'), 'ALPHA\nbeta\nadded by someone else\n');
    const result = await w.edit({ path: 'a.txt', edits: edit1('beta', 'BETA') });
    expect(result.outcome.errorClass).toBe('conflict');
    expect(text(result)).toBe(
      [
        'a.txt changed on disk since this turn last read or wrote it (its size changed from 11 to 33 bytes), so the edit was not applied: old_text was copied from a version of the file that is gone.',
        'In the file as it is now, old_text still matches line 2:',
        '     2\tbeta',
        'If these are the lines you mean, read a.txt again, check them, and send the edit again.',
      ].join('\n'),
    );
    expect(w.read('a.txt')).toBe('ALPHA\nbeta\nadded by someone else\n');
  });

  it('notices a same-size change by its modification time, and a replaced file', async () => {
    const w = workspace({ 'a.txt': 'one\n', 'b.txt': 'two\n' });
    await w.edit({ path: 'a.txt', edits: edit1('one', 'ONE') });
    writeFileSync(w.file('a.txt'), 'uno\n');
    utimesSync(w.file('a.txt'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect(text(await w.edit({ path: 'a.txt', edits: edit1('uno', 'x') }))).toContain('(it was modified)');

    await w.edit({ path: 'b.txt', edits: edit1('two', 'TWO') });
    writeFileSync(w.file('other.txt'), 'TWO\n');
    renameSync(w.file('other.txt'), w.file('b.txt'));
    expect(text(await w.edit({ path: 'b.txt', edits: edit1('TWO', 'x') }))).toContain(
      '(it was replaced by another file)',
    );
    expect(w.read('b.txt')).toBe('TWO\n');
  });

  it('proceeds when the turn never saw the file', async () => {
    const w = workspace({ 'a.txt': 'one\n' });
    await w.edit({ path: 'a.txt', edits: edit1('one', 'two') });
    writeFileSync(w.file('a.txt'), 'changed elsewhere\n');
    const fresh = w.runtime.beginTurn();
    const result = await fresh.call({
      id: 'x',
      name: 'edit_file',
      arguments: { path: 'a.txt', edits: edit1('elsewhere', 'here') },
    });
    expect(result.isError).toBe(false);
    expect(w.read('a.txt')).toBe('changed here\n');
  });

  it('refuses in one turn after another turn changed the file', async () => {
    const w = workspace({ 'a.txt': 'one\ntwo\n' });
    await w.edit({ path: 'a.txt', edits: edit1('one', 'ONE') });
    const other = w.runtime.beginTurn();
    await other.call({
      id: 'o',
      name: 'edit_file',
      arguments: { path: 'a.txt', edits: edit1('two', 'TWO') },
    });
    const result = await w.edit({ path: 'a.txt', edits: edit1('ONE', '1') });
    expect(result.outcome.errorClass).toBe('conflict');
    expect(w.read('a.txt')).toBe('ONE\nTWO\n');
  });
});

describe('edit_file under parallel calls', () => {
  const lines = Array.from({ length: 20 }, (_, i) => `value_${i} = ${i};`);

  it('lands 20 concurrent edits of different lines of one file', async () => {
    const w = workspace({ 'p.txt': `${lines.join('\n')}\n` });
    const results = await Promise.all(
      lines.map((line, i) =>
        w.turn.call({
          id: `p${i}`,
          name: 'edit_file',
          arguments: { path: 'p.txt', edits: edit1(line, `value_${i} = ${i * 100 + 1};`) },
        }),
      ),
    );
    expect(results.filter((r) => r.isError).map(text)).toEqual([]);
    expect(w.read('p.txt')).toBe(`${lines.map((_, i) => `value_${i} = ${i * 100 + 1};`).join('\n')}\n`);
  });

  it('lands every edit of a batch through callMany', async () => {
    const w = workspace({ 'p.txt': `${lines.join('\n')}\n` });
    const results = await w.turn.callMany(
      lines.map((line, i) => ({
        id: `b${i}`,
        name: 'edit_file',
        arguments: { path: 'p.txt', edits: edit1(line, `v${i}`) },
      })),
    );
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(w.read('p.txt')).toBe(`${lines.map((_, i) => `v${i}`).join('\n')}\n`);
  });

  it('lands concurrent edits from two turns of one runtime when neither saw the file before', async () => {
    const w = workspace({ 'p.txt': `${lines.join('\n')}\n` });
    const turns = [w.runtime.beginTurn(), w.runtime.beginTurn()];
    const results = await Promise.all(
      lines.map((line, i) =>
        turns[i % 2]!.call({
          id: `t${i}`,
          name: 'edit_file',
          arguments: { path: 'p.txt', edits: edit1(line, `t${i}`) },
        }),
      ),
    );
    // Each turn's later edits see a file the other turn changed: they are refused, never lost silently.
    const landed = results.filter((r) => !r.isError).length;
    const refused = results.filter((r) => r.outcome.errorClass === 'conflict').length;
    expect(landed + refused).toBe(20);
    const content = w.read('p.txt');
    results.forEach((r, i) => {
      expect(content.includes(`t${i}\n`)).toBe(!r.isError);
    });
  });
});

describe('edit_file and the file policy', () => {
  it('refuses paths outside the workspace and leaves them alone', async () => {
    const outside = tempDir('handrail-outside-');
    writeFileSync(path.join(outside, 'f.txt'), 'secret\n');
    const w = workspace({ 'in.txt': 'x\n' });
    for (const p of [path.join(outside, 'f.txt'), path.relative(w.dir, path.join(outside, 'f.txt'))]) {
      const result = await w.edit({ path: p, edits: edit1('secret', 'owned') });
      expect(result.outcome.errorClass).toBe('sandbox_violation');
      expect(text(result)).toMatch(/^Cannot write .*f\.txt: it is outside the writable roots/);
    }
    expect(readFileSync(path.join(outside, 'f.txt'), 'utf8')).toBe('secret\n');
  });

  it('refuses protected paths such as .git/config', async () => {
    const w = workspace({ '.git/config': '[core]\n\tbare = false\n' });
    const result = await w.edit({ path: '.git/config', edits: edit1('bare = false', 'bare = true') });
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(result.details).toMatchObject({ reason: 'protected_path' });
    expect(w.read('.git/config')).toBe('[core]\n\tbare = false\n');
  });

  it('refuses a symlink to the outside, as a file and as a directory', async () => {
    const outside = tempDir('handrail-outside-');
    writeFileSync(path.join(outside, 'f.txt'), 'secret\n');
    const w = workspace();
    symlinkSync(path.join(outside, 'f.txt'), w.file('link.txt'));
    symlinkSync(outside, w.file('linkdir'));
    for (const p of ['link.txt', 'linkdir/f.txt']) {
      const result = await w.edit({ path: p, edits: edit1('secret', 'owned') });
      expect(result.outcome.errorClass).toBe('sandbox_violation');
      expect(result.details).toMatchObject({ reason: 'symlink_escape' });
    }
    expect(readFileSync(path.join(outside, 'f.txt'), 'utf8')).toBe('secret\n');
    expect(lstatSync(w.file('link.txt')).isSymbolicLink()).toBe(true);
  });

  it('refuses a file hard-linked to another file', async () => {
    const outside = tempDir('handrail-outside-');
    writeFileSync(path.join(outside, 'f.txt'), 'secret\n');
    const w = workspace();
    linkSync(path.join(outside, 'f.txt'), w.file('hard.txt'));
    const result = await w.edit({ path: 'hard.txt', edits: edit1('secret', 'owned') });
    expect(result.details).toMatchObject({ reason: 'hardlink' });
    expect(readFileSync(path.join(outside, 'f.txt'), 'utf8')).toBe('secret\n');
    expect(statSync(w.file('hard.txt')).nlink).toBe(2);
  });

  it('edits the target of a symlink inside the workspace and keeps the link', async () => {
    const w = workspace({ 'real.txt': 'one\n' });
    symlinkSync('real.txt', w.file('alias.txt'));
    expect((await w.edit({ path: 'alias.txt', edits: edit1('one', 'two') })).isError).toBe(false);
    expect(w.read('real.txt')).toBe('two\n');
    expect(lstatSync(w.file('alias.txt')).isSymbolicLink()).toBe(true);
  });

  it('refuses a FIFO and a directory without blocking', async () => {
    const w = workspace({ 'dir/x.txt': 'x\n' });
    execFileSync('mkfifo', [w.file('pipe')]);
    const fifo = await w.edit({ path: 'pipe', edits: edit1('a', 'b') });
    expect(fifo.details).toMatchObject({ reason: 'not_regular_file' });
    expect(text(fifo)).toBe('Cannot write pipe: it is a named pipe (FIFO), not a regular file.');
    expect(lstatSync(w.file('pipe')).isFIFO()).toBe(true);
    const dir = await w.edit({ path: 'dir', edits: edit1('a', 'b') });
    expect(text(dir)).toBe('Cannot write dir: it is a directory, not a file.');
  });

  it('names similar files when the file does not exist', async () => {
    const w = workspace({ 'src/app.ts': 'x\n' });
    const result = await w.edit({ path: 'src/ap.ts', edits: edit1('x', 'y') });
    expect(result.outcome.errorClass).toBe('not_found');
    expect(text(result)).toBe('File src/ap.ts not found — the directory has app.ts.');
  });

  it('keeps the file mode', async () => {
    const w = workspace({ 'run.sh': '#!/bin/sh\necho hi\n' });
    chmodSync(w.file('run.sh'), 0o755);
    await w.edit({ path: 'run.sh', edits: edit1('echo hi', 'echo bye') });
    expect(statSync(w.file('run.sh')).mode & 0o777).toBe(0o755);
    expect(w.read('run.sh')).toBe('#!/bin/sh\necho bye\n');
  });

  it('declares a file_write intent with the canonical path', async () => {
    const intents: PermissionIntent[] = [];
    const dir = tempDir('handrail-edit-');
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/app.ts'), 'a\nb\n');
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
    await w.turn.call({
      id: 'c',
      name: 'edit_file',
      arguments: { path: './src/app.ts', edits: [...edit1('a', 'A'), ...edit1('b', 'B')] },
    });
    expect(intents[0]).toMatchObject({
      action: 'file_write',
      summary: 'Edit ./src/app.ts (2 edits)',
      scope: { operation: 'edit_file', paths: [path.join(realpathSync(dir), 'src/app.ts')] },
    });
  });
});
