import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createFileAccess } from '../../../../src/sandbox/file-policy.js';
import { readDirVerified } from '../../../../src/tools/fs/search/read-dir.js';
import { walk } from '../../../../src/tools/fs/search/walk.js';
import { sharedTempDir } from '../../../support/temp.js';

describe('the walker', () => {
  const root = sharedTempDir('handrail-walk-');
  for (const dir of ['a/b', 'c', '.git/objects', 'skip'])
    mkdirSync(path.join(root, dir), { recursive: true });
  for (const file of ['a/b/1.txt', 'a/2.txt', 'c/3.txt', '.git/objects/x', 'skip/4.txt', 'z.txt']) {
    writeFileSync(path.join(root, file), 'x');
  }
  writeFileSync(path.join(root, '.gitignore'), 'skip/\n');
  symlinkSync(path.join(root, 'a'), path.join(root, 'link'));
  const files = createFileAccess({ roots: [{ path: root, access: 'read' }] });

  test('visits in listing order, never enters .git or links, and reports what it ignored', async () => {
    const seen: string[] = [];
    const summary = await walk(root, { files, maxEntries: 100, ordered: true }, (entry) =>
      seen.push(entry.rel),
    );
    expect(seen).toEqual(['a', 'a/b', 'a/b/1.txt', 'a/2.txt', 'c', 'c/3.txt', '.gitignore', 'link', 'z.txt']);
    expect(summary).toEqual({ visited: 9, capped: false, ignored: 1, unreadable: 0 });
  });

  test('stops at its entry cap and says so', async () => {
    const summary = await walk(root, { files, maxEntries: 3 }, () => undefined);
    expect(summary).toMatchObject({ visited: 3, capped: true });
  });

  test('lists ignored entries on request, but never .git', async () => {
    const seen: Array<[string, boolean]> = [];
    await walk(root, { files, maxEntries: 100, includeIgnored: true, ordered: true }, (e) =>
      seen.push([e.rel, e.ignored]),
    );
    expect(seen).toContainEqual(['skip', true]);
    expect(seen).toContainEqual(['skip/4.txt', true]);
    expect(seen.some(([rel]) => rel.startsWith('.git/') || rel === '.git')).toBe(false);
  });

  test('refuses to list a directory reached through a link', async () => {
    const error = await readDirVerified(path.join(root, 'link')).catch((e: NodeJS.ErrnoException) => e);
    expect(['ELOOP', 'ENOTDIR']).toContain((error as NodeJS.ErrnoException).code);
    expect((await readDirVerified(path.join(root, 'a'))).map((d) => d.name).sort()).toEqual(['2.txt', 'b']);
  });
});
