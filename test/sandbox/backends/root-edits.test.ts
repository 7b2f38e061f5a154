// The changes the audit makes in a writable root never go through a link: a directory on the way that a
// still-running command swapped for a link to somewhere else leaves that place as it was.
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renameInRoot, rewriteInRoot, unlinkInRoot } from '../../../src/sandbox/backends/root-edits.js';
import type { FileRoot } from '../../../src/sandbox/file-policy-types.js';
import { tempDir } from '../../support/temp.js';
import { isRoot, own, TEST_UID } from '../../support/users.js';

const dropFirstLine = (text: string) => ({ text: text.split('\n').slice(1).join('\n'), value: 'edited' });

function setup() {
  const ws = tempDir('handrail-root-edits-');
  const outside = tempDir('handrail-outside-');
  writeFileSync(path.join(outside, 'config'), 'first\nsecond\n');
  writeFileSync(path.join(outside, 'post-checkout'), 'outside hook\n');
  const roots: FileRoot[] = [{ path: ws, access: 'write' }];
  return { ws, outside, roots };
}

describe('changes in a writable root', () => {
  it('through a directory swapped for a link to outside the root: nothing changes there', () => {
    const { ws, outside, roots } = setup();
    mkdirSync(path.join(ws, 'sub'));
    symlinkSync(outside, path.join(ws, 'sub', '.git'));
    expect(rewriteInRoot(roots, path.join(ws, 'sub/.git/config'), 1 << 20, dropFirstLine)).toBeUndefined();
    expect(unlinkInRoot(roots, path.join(ws, 'sub/.git/post-checkout'))).toBe(false);
    expect(renameInRoot(roots, path.join(ws, 'sub/.git/config'), 'config.handrail-disabled')).toBe(false);
    expect(readFileSync(path.join(outside, 'config'), 'utf8')).toBe('first\nsecond\n');
    expect(readdirSync(outside).sort()).toEqual(['config', 'post-checkout']);
  });

  it('a file that is itself a link is not followed: a rewrite refuses it, a removal takes the link only', () => {
    const { ws, outside, roots } = setup();
    symlinkSync(path.join(outside, 'config'), path.join(ws, 'config'));
    expect(rewriteInRoot(roots, path.join(ws, 'config'), 1 << 20, dropFirstLine)).toBeUndefined();
    expect(unlinkInRoot(roots, path.join(ws, 'config'))).toBe(true);
    expect(existsSync(path.join(ws, 'config'))).toBe(false);
    expect(readFileSync(path.join(outside, 'config'), 'utf8')).toBe('first\nsecond\n');
  });

  it('a rewrite keeps owner and mode, and leaves the content of a second hard link alone', () => {
    const { ws, roots } = setup();
    const file = path.join(ws, 'config');
    writeFileSync(file, 'first\nsecond\n');
    chmodSync(file, 0o640);
    own(file);
    linkSync(file, path.join(ws, 'other-name'));
    expect(rewriteInRoot(roots, file, 1 << 20, dropFirstLine)).toBe('edited');
    expect(readFileSync(file, 'utf8')).toBe('second\n');
    expect(readFileSync(path.join(ws, 'other-name'), 'utf8')).toBe('first\nsecond\n');
    expect(statSync(file).mode & 0o7777).toBe(0o640);
    if (isRoot) expect(statSync(file).uid).toBe(TEST_UID);
    // No temporary file is left beside it.
    expect(readdirSync(ws).sort()).toEqual(['config', 'other-name']);
  });

  it('outside every writable root, or a directory: nothing is done', () => {
    const { ws, outside, roots } = setup();
    mkdirSync(path.join(ws, 'hooks-dir'));
    expect(unlinkInRoot(roots, path.join(ws, 'hooks-dir'))).toBe(false);
    expect(existsSync(path.join(ws, 'hooks-dir'))).toBe(true);
    expect(unlinkInRoot(roots, path.join(outside, 'post-checkout'))).toBe(false);
    expect(unlinkInRoot([{ path: ws, access: 'read' }], path.join(ws, 'hooks-dir'))).toBe(false);
    expect(existsSync(path.join(outside, 'post-checkout'))).toBe(true);
  });
});
