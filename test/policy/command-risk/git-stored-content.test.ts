// Which git lines from the safe list can print what git stores (a patch, a blob, blame lines, a diff in
// `status -v`, a pickaxe search): those are not safe in a repository that tracks a denied path
// (test/attacks/classifier-git-denyread.test.ts). Anything not proved to print only names, ids and messages
// counts as printing.
import { describe, expect, test } from 'vitest';
import { gitPrintsStoredContent } from '../../../src/policy/command-risk/index.js';

const prints = (line: string) => gitPrintsStoredContent(line.split(' '));

describe('gitPrintsStoredContent', () => {
  test.each([
    'show',
    'show HEAD:.env',
    'show --stat',
    'diff',
    'diff --cached',
    'diff HEAD~1 --name-only',
    'blame .env',
    'blame HEAD -- .env',
    'log -p',
    'log --patch',
    'log -u',
    'log -S secret',
    'log -Gsecret',
    'log -L 1,2:.env',
    'log --cc',
    'log --word-diff',
    'log --oneline -p',
    'log --format=%s --patch-with-stat',
    'status -v',
    'status -vv',
    'status -sv',
    'status --verbose',
    'status --verb',
    'whatchanged',
  ])('%s prints stored contents', (line) => {
    expect(prints(line)).toBe(true);
  });

  test.each([
    'status',
    'status --short',
    'status -sb',
    'log',
    'log --oneline',
    'log --oneline -n 5',
    'log -5 --graph --decorate --all',
    'log --format=%H%x09%s --since=2.weeks',
    'log --stat --name-status',
    'log -- -p',
    'ls-files',
    'ls-files -s',
    'rev-parse HEAD:.env',
    'branch -a',
  ])('%s prints only names, ids and messages', (line) => {
    expect(prints(line)).toBe(false);
  });
});
