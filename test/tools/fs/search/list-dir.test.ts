import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { listDirTool } from '../../../../src/tools/fs/list-dir.js';
import { sharedTempDir } from '../../../support/temp.js';
import { searchers } from './fixture.js';

const outside = sharedTempDir('handrail-outside-');
writeFileSync(path.join(outside, 'secret.txt'), 'outside\n');

describe('list_dir', () => {
  const s = searchers(
    {
      '.git/config': '[core]\n',
      '.gitignore': 'node_modules/\n*.log\n',
      'README.md': '# hi\n',
      'Zeta.txt': 'z\n',
      'app.log': 'log\n',
      '.env.example': 'A=1\n',
      'node_modules/pkg/index.js': 'x\n',
      'src/index.ts': 'x\n',
      'src/core/a.ts': 'x\n',
      'src/core/deep/b.ts': 'x\n',
      'src/empty': null,
      'docs/guide.md': 'x\n',
      'private/keys.txt': 'x\n',
      'link-src': { link: 'src' },
      'link-out': { link: outside },
      dangling: { link: 'nowhere' },
      'many/sub': null,
      ...Object.fromEntries(
        Array.from({ length: 25 }, (_, i) => [`many/f${String(i).padStart(2, '0')}.txt`, 'x\n']),
      ),
      'many/sub/inner.txt': 'x\n',
    },
    { denyRead: ['private'] },
  );
  execFileSync('mkfifo', [path.join(s.workspace, 'pipe')]);

  test('an indented tree, directories first, links and pipes marked, ignored entries and .git left out', async () => {
    expect(await s.see('list_dir', {})).toBe(
      [
        `${s.workspace}/`,
        '  docs/',
        '    guide.md',
        '  many/',
        '    sub/',
        '    f00.txt',
        ...Array.from({ length: 24 }, (_, i) => `    f${String(i + 1).padStart(2, '0')}.txt`),
        '  src/',
        '    core/',
        '    empty/',
        '    index.ts',
        '  .env.example',
        '  .gitignore',
        '  README.md',
        '  Zeta.txt',
        '  dangling@ -> nowhere',
        `  link-out@ -> ${outside}`,
        '  link-src@ -> src',
        '  pipe|',
        '',
        '[2 entries ignored by .gitignore or .ignore are not shown; include_ignored: true lists them.]',
      ].join('\n'),
    );
  });

  test('depth, and ignored entries on request', async () => {
    expect(await s.see('list_dir', { path: 'src', depth: 3 })).toBe(
      ['src/', '  core/', '    deep/', '      b.ts', '    a.ts', '  empty/', '  index.ts'].join('\n'),
    );
    const withIgnored = await s.see('list_dir', { depth: 1, include_ignored: true });
    expect(withIgnored).toContain('\n  node_modules/ (ignored)\n');
    expect(withIgnored).toContain('\n  app.log (ignored)\n');
    expect(withIgnored).not.toContain('.git/');
  });

  test('pages with a continuation hint, and a later page names the folders it continues', async () => {
    const first = await s.call('list_dir', { path: 'many', limit: 10 });
    expect(first.content[0]).toEqual({
      type: 'text',
      text: [
        'many/',
        '  sub/',
        '    inner.txt',
        ...Array.from({ length: 8 }, (_, i) => `  f0${i}.txt`),
        '',
        '[Showing entries 1-10 of 27. Use offset=11 to continue.]',
      ].join('\n'),
    });
    expect(first.details).toMatchObject({ entries: 27, shown: 10, truncated: true });
    expect(await s.see('list_dir', { path: 'many', offset: 21 })).toBe(
      [
        'many/',
        ...Array.from({ length: 7 }, (_, i) => `  f${18 + i}.txt`),
        '',
        '[Showing entries 21-27 of 27.]',
      ].join('\n'),
    );
    expect(await s.see('list_dir', { path: 'src', depth: 3, offset: 3, limit: 1 })).toBe(
      [
        'src/',
        '  core/ (continued)',
        '    deep/ (continued)',
        '      b.ts',
        '',
        '[Showing entries 3-3 of 6. Use offset=4 to continue.]',
      ].join('\n'),
    );
  });

  test('counts are written with separators', async () => {
    const big = path.join(s.workspace, 'big');
    mkdirSync(big);
    for (let i = 0; i < 1234; i++) writeFileSync(path.join(big, `f${i}`), '');
    const seen = await s.see('list_dir', { path: 'big', limit: 2 });
    expect(seen.split('\n').at(-1)).toBe('[Showing entries 1-2 of 1,234. Use offset=3 to continue.]');
    rmSync(big, { recursive: true });
  });

  test('an empty directory, an offset past the end, a file, a missing directory', async () => {
    expect(await s.see('list_dir', { path: 'src/empty' })).toBe('src/empty/\n(empty directory)');
    const past = await s.call('list_dir', { path: 'docs', offset: 5 });
    expect(past.outcome.errorClass).toBe('invalid_arguments');
    expect(past.content[0]).toEqual({
      type: 'text',
      text: 'offset 5 is past the end: docs/ has 1 entry at depth 2.',
    });
    expect(await s.see('list_dir', { path: 'README.md' })).toBe(
      'README.md is a file, not a directory; use read_file to read it.',
    );
    const missing = await s.call('list_dir', { path: 'sr' });
    expect(missing.outcome.errorClass).toBe('not_found');
    expect(missing.content[0]).toEqual({
      type: 'text',
      text: 'Directory sr not found — the directory has src/.',
    });
  });

  test('the policy decides what may be listed', async () => {
    expect((await s.call('list_dir', { path: 'link-out' })).outcome.errorClass).toBe('sandbox_violation');
    expect((await s.call('list_dir', { path: '/etc' })).outcome.errorClass).toBe('sandbox_violation');
    expect((await s.call('list_dir', { path: 'private' })).outcome.errorClass).toBe('sandbox_violation');
    const inside = await s.call('list_dir', { path: 'private/keys.txt' });
    expect(inside.content[0]).toEqual({
      type: 'text',
      text: 'Cannot read private/keys.txt: it matches the deny-read rule "private".',
    });
    expect(await s.see('list_dir', { depth: 1 })).not.toContain('private');
  });

  test('declares a read of the canonical directory', () => {
    const tool = listDirTool();
    expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(tool.classify!({ path: 'link-src' }, { workspace: s.workspace, cwd: s.workspace })).toEqual({
      action: 'file_read',
      summary: 'list link-src',
      scope: { operation: 'list_dir', paths: [path.join(s.workspace, 'src')] },
    });
  });
});
