// Patches that try to leave the roots or write protected paths, each checked on disk afterwards.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatchTool } from '../../../../src/tools/fs/apply-patch.js';
import { text } from '../../../support/results.js';
import { makeRuntime } from '../../../support/runtime.js';
import { tempDir } from '../../../support/temp.js';
import { readTree } from './tree.js';

function setup(files: Record<string, string> = {}) {
  const workspace = tempDir('handrail-patch-ws-');
  const outside = tempDir('handrail-patch-outside-');
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    writeFileSync(path.join(workspace, rel), content);
  }
  const runtime = makeRuntime({ workspace, stateDir: tempDir('handrail-state-'), tools: [applyPatchTool()] });
  const turn = runtime.beginTurn();
  let n = 0;
  const apply = (body: string) =>
    turn.call({
      id: `p${n++}`,
      name: 'apply_patch',
      arguments: { patch: `*** Begin Patch\n${body}\n*** End Patch` },
    });
  return { workspace, outside, apply, turn };
}

describe('apply_patch refuses to leave the sandbox', () => {
  it('a move to a path outside the root: refused, source untouched, nothing outside', async () => {
    const { workspace, outside, apply } = setup({ 'a.txt': 'secret\n' });
    const before = readTree(workspace);
    const dest = path.join(outside, 'stolen.txt');
    const result = await apply(`*** Update File: a.txt\n*** Move to: ${dest}\n@@\n-secret\n+moved`);
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toContain(`Cannot write ${dest}: it is outside the writable roots`);
    expect(text(result)).toContain('No files were changed.');
    expect(readTree(workspace)).toEqual(before);
    expect(readTree(outside)).toEqual({});
  });

  it('a relative move that climbs out with ../ is refused the same way', async () => {
    const { workspace, outside, apply } = setup({ 'a.txt': 'secret\n' });
    const rel = path.relative(workspace, path.join(outside, 'x.txt'));
    const result = await apply(`*** Update File: a.txt\n*** Move to: ${rel}\n@@\n-secret\n+moved`);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(readFileSync(path.join(workspace, 'a.txt'), 'utf8')).toBe('secret\n');
    expect(readTree(outside)).toEqual({});
  });

  it('an add through a symlinked directory that points outside: refused, nothing written outside', async () => {
    const { workspace, outside, apply } = setup({ 'keep.txt': 'k\n' });
    symlinkSync(outside, path.join(workspace, 'link'));
    const result = await apply('*** Add File: link/evil.txt\n+payload');
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toContain('symbolic link');
    expect(readTree(outside)).toEqual({});
  });

  it('a delete through a symlink to an outside file leaves the outside file in place', async () => {
    const { workspace, outside, apply } = setup();
    writeFileSync(path.join(outside, 'target.txt'), 'precious\n');
    symlinkSync(path.join(outside, 'target.txt'), path.join(workspace, 'link.txt'));
    const result = await apply('*** Delete File: link.txt');
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(readFileSync(path.join(outside, 'target.txt'), 'utf8')).toBe('precious\n');
  });

  it('an update of .git/config is refused as a protected path, and so is adding a git hook', async () => {
    const { workspace, apply } = setup({ '.git/config': '[core]\n\tbare = false\n', 'a.txt': 'a\n' });
    const before = readTree(workspace);
    const config = await apply(
      '*** Update File: .git/config\n@@\n [core]\n+\tfsmonitor = "touch /tmp/pwned"',
    );
    expect(config.outcome.errorClass).toBe('sandbox_violation');
    expect(text(config)).toContain('Cannot write .git/config: it is a protected path');
    const hook = await apply(
      '*** Update File: a.txt\n@@\n-a\n+b\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n+touch /tmp/pwned',
    );
    expect(hook.outcome.errorClass).toBe('sandbox_violation');
    expect(readTree(workspace)).toEqual(before); // a.txt, listed first, was not written either
  });

  it('adding ../escape.txt is refused and creates nothing next to the workspace', async () => {
    const { workspace, apply } = setup({ 'a.txt': 'a\n' });
    const escaped = path.join(path.dirname(workspace), 'escape.txt');
    const result = await apply('*** Add File: ../escape.txt\n+escaped');
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toContain('outside the writable roots');
    expect(existsSync(escaped)).toBe(false);
  });

  it('a file with a second hard link is not written (it would change the other name too)', async () => {
    const { workspace, outside, apply } = setup({ 'a.txt': 'shared\n' });
    linkSync(path.join(workspace, 'a.txt'), path.join(outside, 'alias.txt'));
    const result = await apply('*** Update File: a.txt\n@@\n-shared\n+changed');
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(readFileSync(path.join(outside, 'alias.txt'), 'utf8')).toBe('shared\n');
  });

  it('a FIFO as the target of an add is refused without blocking', async () => {
    const { workspace, apply } = setup();
    execFileSync('mkfifo', [path.join(workspace, 'pipe')]);
    const result = await apply('*** Add File: pipe\n+data');
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('named pipe');
    expect(statSync(path.join(workspace, 'pipe')).isFIFO()).toBe(true);
  });

  it('a path with a control character is refused', async () => {
    const { workspace, apply } = setup();
    const result = await apply('*** Add File: bad\u0007name.txt\n+x');
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(readTree(workspace)).toEqual({});
  });
});

describe('apply_patch is all-or-nothing', () => {
  it('a second file whose hunk fails: nothing is written, created or deleted', async () => {
    const { workspace, apply } = setup({ 'a.txt': 'a1\na2\n', 'b.txt': 'b1\nb2\n', 'c.txt': 'c\n' });
    const before = readTree(workspace);
    const result = await apply(
      '*** Add File: new/dir/n.txt\n+n\n*** Update File: a.txt\n@@\n-a1\n+A1\n*** Delete File: c.txt\n*** Update File: b.txt\n@@\n-zzz\n+b',
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Failed to find expected lines in b.txt (hunk 1 of 1)');
    expect(readTree(workspace)).toEqual(before);
  });

  it('a write that fails on disk after others succeeded restores every file (bytes, mode, deletions, new dirs)', async () => {
    const { workspace, apply } = setup({
      'a.txt': 'a1\na2\n',
      'c.sh': '#!/bin/sh\necho c\n',
      blocker: 'a file\n',
    });
    chmodSync(path.join(workspace, 'c.sh'), 0o751);
    const before = readTree(workspace);
    // blocker is a file, so blocker/x.txt cannot be created: the last write fails after three succeeded.
    const result = await apply(
      '*** Update File: a.txt\n@@\n-a1\n+A1\n*** Delete File: c.sh\n*** Add File: fresh/deep/new.txt\n+new\n*** Add File: blocker/x.txt\n+x',
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^apply_patch failed while writing blocker\/x\.txt: .*blocker is not a directory\./,
    );
    expect(text(result)).toContain('The files already written were restored, so no file was changed.');
    expect(readTree(workspace)).toEqual(before);
    expect(statSync(path.join(workspace, 'c.sh')).mode & 0o7777).toBe(0o751);
  });
});
