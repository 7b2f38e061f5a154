// From directives (the deepest one decides) to Landlock's additive rules: carving paths with less access
// out of the directories above them, on a real tree.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compileRules,
  FILE_RIGHTS,
  FS,
  READ,
  serializeRules,
  WRITE,
} from '../../../src/sandbox/backends/landlock-rules.js';
import { tempDir } from '../../support/temp.js';

function tree(): string {
  const root = tempDir('handrail-llrules-');
  for (const dir of ['.git/hooks', 'src/deep', 'docs']) mkdirSync(path.join(root, dir), { recursive: true });
  for (const file of ['README.md', 'src/deep/key.pem', 'src/main.ts'])
    writeFileSync(path.join(root, file), '');
  symlinkSync('/etc', path.join(root, 'link'));
  return root;
}

const byPath = (rules: { path: string; access: number }[], root: string) =>
  Object.fromEntries(rules.map((rule) => [path.relative(root, rule.path) || '.', rule.access]));

describe('compileRules', () => {
  it('grants a tree with nothing carved out of it as one rule', () => {
    const root = tree();
    const compiled = compileRules([{ path: root, access: WRITE }]);
    expect(compiled).toEqual({ rules: [{ path: root, access: WRITE }], closed: [], unreadable: [] });
  });

  it('carves a read-only .git out of a writable root: the root keeps reading, each other entry gets its own rule', () => {
    const root = tree();
    const compiled = compileRules([
      { path: root, access: WRITE },
      { path: path.join(root, '.git'), access: READ },
    ]);
    expect(byPath(compiled.rules, root)).toEqual({
      '.': READ,
      'README.md': WRITE & FILE_RIGHTS,
      src: WRITE,
      docs: WRITE,
    });
    // No entry can be made or removed directly in the root; the symbolic link gets no rule of its own.
    expect(compiled.closed).toEqual([root]);
  });

  it('a missing protected name closes its directory too, though it gets no rule', () => {
    const root = tree();
    const compiled = compileRules([
      { path: root, access: WRITE },
      { path: path.join(root, '.envrc'), access: READ },
    ]);
    expect(compiled.closed).toEqual([root]);
    expect(compiled.rules.map((rule) => path.relative(root, rule.path))).not.toContain('.envrc');
  });

  it('a deny-read path deep down carves every directory on the way, which keep only listing', () => {
    const root = tree();
    const key = path.join(root, 'src/deep/key.pem');
    const compiled = compileRules([
      { path: root, access: READ },
      { path: key, access: 0 },
    ]);
    const rules = byPath(compiled.rules, root);
    expect(rules['.']).toBe(FS.READ_DIR);
    expect(rules.src).toBeUndefined(); // inherits listing, nothing more
    expect(rules['src/main.ts']).toBe(READ & FILE_RIGHTS);
    expect(rules['src/deep/key.pem']).toBeUndefined();
    expect(rules.docs).toBe(READ);
    // A read-only tree: nothing was writable, so nothing is closed.
    expect(compiled.closed).toEqual([]);
  });

  it('a deeper directive that adds access is granted on top (a writable root inside a read-only one)', () => {
    const root = tree();
    const docs = path.join(root, 'docs');
    const compiled = compileRules([
      { path: root, access: READ },
      { path: docs, access: WRITE },
    ]);
    expect(compiled.rules).toEqual([
      { path: root, access: READ },
      { path: docs, access: WRITE },
    ]);
  });

  it('for the same path the last directive wins; paths that give nothing give no rule', () => {
    const root = tree();
    const compiled = compileRules([
      { path: root, access: WRITE },
      { path: root, access: 0 },
      { path: path.join(root, 'docs'), access: READ },
    ]);
    expect(compiled.rules).toEqual([{ path: path.join(root, 'docs'), access: READ }]);
  });

  it('serializes as NUL-terminated pairs of hexadecimal rights and path', () => {
    expect(serializeRules([{ path: '/a b', access: 0x1f }]).toString()).toBe('1f\0/a b\0');
  });
});
