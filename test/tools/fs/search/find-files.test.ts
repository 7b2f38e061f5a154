import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { findFilesTool } from '../../../../src/tools/fs/find-files.js';
import { sharedTempDir } from '../../../support/temp.js';
import { searchers } from './fixture.js';

const outside = sharedTempDir('handrail-outside-');
writeFileSync(path.join(outside, 'evil.ts'), 'x\n');

describe('find_files', () => {
  // Listed oldest first: the tree gives each file a later mtime than the one before.
  const s = searchers({
    '.gitignore': 'dist/\n*.gen.ts\n',
    'src/old.ts': 'x\n',
    'src/core/util.ts': 'x\n',
    'src/core/util.test.ts': 'x\n',
    'src/types.gen.ts': 'x\n',
    'dist/index.ts': 'x\n',
    '.github/workflows/ci.yml': 'x\n',
    'test/a.test.ts': 'x\n',
    'README.md': 'x\n',
    'src/new.ts': 'x\n',
    'src/alias.ts': { link: 'old.ts' },
    'src/escape.ts': { link: path.join(outside, 'evil.ts') },
    'src/dirlink.ts': { link: 'core' },
    ...Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [`bulk/f${String(i).padStart(3, '0')}.txt`, 'x\n']),
    ),
  });

  test('a name pattern matches at any depth, newest first, ignored files left out', async () => {
    expect(await s.see('find_files', { pattern: '*.ts' })).toBe(
      [
        'src/alias.ts',
        'src/new.ts',
        'test/a.test.ts',
        'src/core/util.test.ts',
        'src/core/util.ts',
        'src/old.ts',
      ].join('\n'),
    );
  });

  test('a path pattern is matched from the searched directory', async () => {
    expect(await s.see('find_files', { pattern: 'src/**/*.test.ts' })).toBe('src/core/util.test.ts');
    expect(await s.see('find_files', { pattern: '**/*.test.ts' })).toBe(
      'test/a.test.ts\nsrc/core/util.test.ts',
    );
    expect(await s.see('find_files', { pattern: 'core/*.ts', path: 'src' })).toBe(
      'src/core/util.test.ts\nsrc/core/util.ts',
    );
    expect(await s.see('find_files', { pattern: '*.{yml,md}' })).toBe('README.md\n.github/workflows/ci.yml');
    expect(await s.see('find_files', { pattern: `${s.workspace}/src/*.ts` })).toBe(
      'src/alias.ts\nsrc/new.ts\nsrc/old.ts',
    );
  });

  test('a capped result is partial and asks to narrow', async () => {
    const result = await s.call('find_files', { pattern: 'bulk/*.txt' });
    const lines = (result.content[0] as { text: string }).text.split('\n');
    expect(lines).toHaveLength(102);
    expect(lines[0]).toBe('bulk/f119.txt');
    expect(lines[99]).toBe('bulk/f020.txt');
    expect(lines.at(-1)).toBe(
      '[Showing 100 of 120 matches, newest first. Narrow the pattern or the path to see the rest.]',
    );
    expect(result.outcome).toEqual({
      status: 'partial',
      hint: 'needs_narrowing: the results were capped; narrow the pattern, path or glob to see the rest.',
    });
    expect(await s.see('find_files', { pattern: 'f11?.txt', limit: 2 })).toBe(
      'bulk/f119.txt\nbulk/f118.txt\n\n[Showing 2 of 10 matches, newest first. Narrow the pattern or the path to see the rest.]',
    );
  });

  test('no matches says where it looked and what was ignored', async () => {
    // The fixture's two ignored entries, and handrail's state directory (its own .gitignore ignores it all).
    expect(await s.see('find_files', { pattern: '*.rs' })).toBe(
      `No files match "*.rs" in the current directory (${s.workspace}). 3 ignored entries (.gitignore or .ignore) were not searched.`,
    );
    expect(await s.see('find_files', { pattern: 'lib/*.ts', path: 'src' })).toBe(
      'No files match "lib/*.ts" in src. 1 ignored entry (.gitignore or .ignore) was not searched. A pattern with "/" is matched against the whole path relative to src; "**/" matches any directories.',
    );
  });

  test('bad input is refused with a reason', async () => {
    expect(await s.see('find_files', { pattern: '/etc/*.conf' })).toBe(
      `The pattern "/etc/*.conf" is an absolute path outside the searched directory ${s.workspace}; give a glob relative to it, and put the directory in path.`,
    );
    expect(await s.see('find_files', { pattern: '*.ts', path: 'README.md' })).toBe(
      'README.md is a file, not a directory; give the directory to search as path and the file name as pattern.',
    );
    expect((await s.call('find_files', { pattern: '*', path: '../../..' })).outcome.errorClass).toBe(
      'sandbox_violation',
    );
    expect((await s.call('find_files', { pattern: '*', path: 'srcc' })).outcome.errorClass).toBe('not_found');
  });

  test('declares a read of the canonical directory', () => {
    const tool = findFilesTool();
    expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(
      tool.classify!({ pattern: '*.ts', path: 'src' }, { workspace: s.workspace, cwd: s.workspace }),
    ).toEqual({
      action: 'file_read',
      summary: 'find "*.ts" in src',
      scope: { operation: 'find_files', paths: [path.join(s.workspace, 'src')] },
    });
  });
});
