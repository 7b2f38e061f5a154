import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluateRules } from '../../../../src/policy/rules/index.js';
import { sharedTempDir } from '../../../support/temp.js';
import { intentFor, policy } from '../../helpers.js';

const ws = sharedTempDir('handrail-policy-');
const home = sharedTempDir('handrail-home-');
const real = sharedTempDir('handrail-real-');
mkdirSync(path.join(ws, 'src/deep'), { recursive: true });
mkdirSync(path.join(ws, 'secrets'), { recursive: true });
writeFileSync(path.join(ws, 'secrets/key.pem'), 'k');
writeFileSync(path.join(real, 'data.txt'), 'd');
// ws/linked → real (outside), ws/alias → ws/secrets (inside)
symlinkSync(real, path.join(ws, 'linked'));
symlinkSync(path.join(ws, 'secrets'), path.join(ws, 'alias'));

const read = (p: string) => intentFor('read_file', { path: p }, ws);
const write = (p: string) => intentFor('write_file', { path: p, content: '' }, ws);
const v = (pol: ReturnType<typeof policy>, i: ReturnType<typeof read>) => evaluateRules(pol, i)?.behavior;

describe('path rules', () => {
  test('relative patterns resolve against the workspace; globs with dot files', () => {
    const p = policy(ws, { project: { allow: ['write_file(src/**)'], deny: ['read_file(./secrets/**)'] } });
    expect(v(p, write('src/a.ts'))).toBe('allow');
    expect(v(p, write('src/deep/.hidden'))).toBe('allow');
    expect(v(p, write('other/a.ts'))).toBeUndefined();
    expect(v(p, write('../escape/src/a.ts'))).toBeUndefined();
    expect(v(p, read('secrets/key.pem'))).toBe('deny');
    expect(v(p, read(path.join(ws, 'secrets/.env')))).toBe('deny');
  });

  test('a pattern without a slash matches the name at any depth', () => {
    const p = policy(ws, { project: { deny: ['read_file(.env)', 'Read(*.pem)'] } });
    expect(v(p, read('.env'))).toBe('deny');
    expect(v(p, read('src/deep/.env'))).toBe('deny');
    expect(v(p, read('secrets/key.pem'))).toBe('deny');
    expect(v(p, read('src/env'))).toBeUndefined();
  });

  test('deny on a directory covers what is inside; allow on a path is exactly that path', () => {
    const p = policy(ws, { project: { deny: ['read_file(./secrets)'], allow: ['write_file(./src)'] } });
    expect(v(p, read('secrets/key.pem'))).toBe('deny');
    expect(v(p, write('src/a.ts'))).toBeUndefined();
  });

  test('~/ resolves against home, absolute patterns stay', () => {
    const p = policy(ws, { user: { deny: ['read_file(~/.ssh/**)', `read_file(${real}/*.txt)`] } }, { home });
    expect(v(p, read(path.join(home, '.ssh/id_rsa')))).toBe('deny');
    expect(v(p, read(path.join(real, 'data.txt')))).toBe('deny');
  });

  test('a rule written against a symlinked spelling matches the canonical path', () => {
    // deny via the alias: reading through either spelling is denied (the scope holds the canonical path).
    const p = policy(ws, { project: { deny: ['read_file(alias/**)'], allow: ['read_file(linked/*.txt)'] } });
    expect(v(p, read('secrets/key.pem'))).toBe('deny');
    expect(v(p, read('alias/key.pem'))).toBe('deny');
    expect(v(p, read(path.join(real, 'data.txt')))).toBe('allow');
    expect(v(p, read('linked/data.txt'))).toBe('allow');
  });

  test('a symlink inside an allowed tree does not carry the allow outside it', () => {
    const p = policy(ws, { project: { allow: ['read_file(./**)'] } });
    expect(v(p, read('src/a.ts'))).toBe('allow');
    expect(v(p, read('linked/data.txt'))).toBeUndefined(); // canonical path is outside ws
  });

  test('apply_patch: allow needs every touched path; deny any', () => {
    const patch = (a: string, b: string) =>
      `*** Begin Patch\n*** Add File: ${a}\n+x\n*** Add File: ${b}\n+y\n*** End Patch`;
    const p = policy(ws, { project: { allow: ['apply_patch(src/**)'], deny: ['apply_patch(secrets/**)'] } });
    const i = (a: string, b: string) => intentFor('apply_patch', { patch: patch(a, b) }, ws);
    expect(v(p, i('src/a', 'src/b'))).toBe('allow');
    expect(v(p, i('src/a', 'docs/b'))).toBeUndefined();
    expect(v(p, i('src/a', 'secrets/b'))).toBe('deny');
    // A patch that does not parse never reaches the rules: apply_patch refuses it as invalid_arguments.
    expect(() => intentFor('apply_patch', { patch: 'nonsense' }, ws)).toThrow(/Invalid patch/);
  });

  test('class aliases: Read(...) and Edit(...) cover every file tool of that kind', () => {
    const p = policy(ws, { project: { deny: ['Read(secrets/**)'], allow: ['Edit(src/**)'] } });
    expect(v(p, intentFor('grep_files', { pattern: 'x', path: 'secrets' }, ws))).toBe('deny');
    expect(v(p, intentFor('edit_file', { path: 'src/a', edits: [] }, ws))).toBe('allow');
    expect(v(p, write('src/a'))).toBe('allow');
    expect(v(p, write('secrets/a'))).toBeUndefined();
  });

  test('paths with glob characters in their names are matched literally when escaped', () => {
    const weird = path.join(ws, 'src/[id]/page (1).tsx');
    const p = policy(ws, { project: { allow: [`write_file(${weird.replace(/[[\]()]/g, '\\$&')})`] } });
    expect(v(p, write(weird))).toBe('allow');
    expect(v(p, write(path.join(ws, 'src/i/page (1).tsx')))).toBeUndefined();
  });
});
