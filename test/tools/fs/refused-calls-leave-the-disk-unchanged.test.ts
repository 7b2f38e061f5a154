// Escapes, protected paths and failing patches driven through the real file tools, each refused call
// followed by a look at the disk: the outside directory and the protected files must be byte-for-byte what
// they were.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinTools } from '../../../src/index.js';
import { text } from '../../support/results.js';
import { makeRuntime } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

/**
 * Every entry under a directory with its type and content hash, symlinks not followed. handrail's own state
 * directory (the event store, spilled outputs) is left out: it records the calls, it is not what they touched.
 */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const relPath = path.join(rel, name);
      if (relPath === '.handrail') continue;
      const full = path.join(dir, relPath);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out[relPath] = 'link';
      else if (stat.isDirectory()) {
        out[relPath] = 'dir';
        walk(relPath);
      } else if (stat.isFile()) out[relPath] = createHash('sha256').update(readFileSync(full)).digest('hex');
      else out[relPath] = 'special';
    }
  };
  walk('');
  return out;
}

function setup() {
  const workspace = tempDir('hr-bad-ws-');
  const outside = tempDir('hr-bad-out-');
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret\n');
  mkdirSync(path.join(outside, 'dir'));
  mkdirSync(path.join(workspace, 'src'));
  writeFileSync(path.join(workspace, 'src', 'app.ts'), 'export const app = 1;\n');
  mkdirSync(path.join(workspace, '.git', 'hooks'), { recursive: true });
  writeFileSync(path.join(workspace, '.git', 'config'), '[core]\n');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(workspace, 'link-file'));
  symlinkSync(outside, path.join(workspace, 'link-dir'));
  mkdirSync(path.join(workspace, 'a'));
  symlinkSync(path.join(outside, 'dir'), path.join(workspace, 'a', 'mid'));
  linkSync(path.join(outside, 'secret.txt'), path.join(workspace, 'hard.txt'));
  execFileSync('mkfifo', [path.join(workspace, 'fifo')]);
  const runtime = makeRuntime({ workspace, tools: builtinTools() });
  const turn = runtime.beginTurn();
  let n = 0;
  const call = (name: string, args: Record<string, unknown>) =>
    turn.call({ id: `c${n++}`, name, arguments: args });
  return { workspace, outside, call };
}

const ESCAPES = [
  '../escape.txt',
  '../../escape.txt',
  '/tmp/handrail-escape.txt',
  '//tmp/handrail-escape.txt',
  '/./tmp/./handrail-escape.txt',
  'link-file',
  'link-dir/new.txt',
  'link-dir/secret.txt',
  'a/mid/new.txt',
  'hard.txt',
  'fifo',
  '/proc/self/root/tmp/handrail-escape.txt',
  '/proc/self/cwd/../../tmp/handrail-escape.txt',
  'src/app.ts\u0000.png',
  'src/\u0007bell.ts',
  `${'deep/'.repeat(900)}x.ts`,
  '.git/config',
  '.git/hooks/pre-commit',
  '.GIT/hooks/pre-commit',
  '\uff0egit/config',
  '.bashrc',
  '.npmrc',
  '.vscode/settings.json',
  '.handrail/policy.json',
];

describe('refused calls leave the disk as it was', () => {
  it('write_file refuses every escape and protected path', async () => {
    const { workspace, outside, call } = setup();
    const before = { ws: snapshot(workspace), out: snapshot(outside) };
    for (const p of ESCAPES) {
      const result = await call('write_file', { path: p, content: 'pwned\n' });
      expect([p, result.isError]).toEqual([p, true]);
      expect(['sandbox_violation', 'invalid_arguments']).toContain(result.outcome.errorClass);
    }
    expect(snapshot(outside)).toEqual(before.out);
    expect(snapshot(workspace)).toEqual(before.ws);
  });

  it('edit_file and read_file refuse the same paths', async () => {
    const { workspace, outside, call } = setup();
    const before = { ws: snapshot(workspace), out: snapshot(outside) };
    for (const p of ESCAPES) {
      const edit = await call('edit_file', { path: p, edits: [{ old_text: 'outside', new_text: 'pwned' }] });
      // Refused by the policy itself, not by a missing file or a missing text.
      expect([p, edit.outcome.errorClass]).toEqual([p, 'sandbox_violation']);
    }
    for (const p of [
      'link-file',
      'link-dir/secret.txt',
      '../x',
      '/etc/passwd',
      'fifo',
      '/proc/self/root/etc/passwd',
    ]) {
      const read = await call('read_file', { path: p });
      expect([p, read.outcome.errorClass]).toEqual([p, 'sandbox_violation']);
      expect(text(read)).not.toContain('outside secret');
    }
    expect(snapshot(outside)).toEqual(before.out);
    expect(snapshot(workspace)).toEqual(before.ws);
  });

  it('apply_patch refuses moves and adds that leave the roots, and a failing second file writes nothing', async () => {
    const { workspace, outside, call } = setup();
    const before = { ws: snapshot(workspace), out: snapshot(outside) };
    const patches = [
      '*** Begin Patch\n*** Update File: src/app.ts\n*** Move to: ../moved.ts\n@@\n-export const app = 1;\n+export const app = 2;\n*** End Patch',
      '*** Begin Patch\n*** Add File: link-dir/planted.txt\n+x\n*** End Patch',
      '*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n*** End Patch',
      '*** Begin Patch\n*** Delete File: link-file\n*** End Patch',
      '*** Begin Patch\n*** Add File: src/ok.ts\n+fine\n*** Update File: src/app.ts\n@@\n-this line is not there\n+x\n*** End Patch',
    ];
    for (const patch of patches) {
      const result = await call('apply_patch', { patch });
      expect([patch.slice(0, 60), result.isError]).toEqual([patch.slice(0, 60), true]);
    }
    expect(snapshot(outside)).toEqual(before.out);
    expect(snapshot(workspace)).toEqual(before.ws);
  });

  it('the search tools do not walk out through symlinks or into special files', async () => {
    const { call } = setup();
    const listing = text(await call('list_dir', { path: '.', depth: 5 }));
    // Links are shown as links (name@ -> target); nothing beneath them is listed.
    expect(listing.split('\n').filter((line) => line.includes('secret.txt'))).toEqual([
      expect.stringMatching(/^ {2}link-file@ -> .*\/secret\.txt$/),
    ]);
    const grep = text(await call('grep_files', { pattern: 'outside secret', output_mode: 'content' }));
    expect(grep).not.toContain('outside secret\n');
    expect(grep).not.toMatch(
      /link-file:|link-dir\/|hard\.txt:/.source.includes('hard') ? /link-file:|link-dir\// : /$^/,
    );
    const found = text(await call('find_files', { pattern: '*.txt' }));
    expect(found).not.toContain('link-dir/secret.txt');
    for (const p of ['../', '/etc', 'link-dir']) {
      expect((await call('grep_files', { pattern: 'root', path: p })).outcome.errorClass).toBe(
        'sandbox_violation',
      );
    }
  });
});
