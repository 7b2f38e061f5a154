import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../../src/core/errors.js';
import { createFileAccess } from '../../../../src/sandbox/file-policy.js';
import { FileVersions } from '../../../../src/sandbox/file-versions.js';
import { removeVerified, writeAtomic } from '../../../../src/sandbox/safe-fs.js';
import { type CommitIo, commitChanges } from '../../../../src/tools/fs/patch/commit.js';
import { parsePatch } from '../../../../src/tools/fs/patch/parse.js';
import { computePlan } from '../../../../src/tools/fs/patch/plan.js';
import { resolveTargets } from '../../../../src/tools/fs/patch/targets.js';
import { tempDir } from '../../../support/temp.js';
import { readTree } from './tree.js';

const PATCH = `*** Begin Patch
*** Add File: one/two/new.txt
+new
*** Update File: a.txt
@@
-a
+A
*** Delete File: b.txt
*** Update File: c.txt
*** Move to: moved/c.txt
@@
-c
+C
*** Add File: last.txt
+last
*** End Patch`;

async function planIn(workspace: string) {
  const files = createFileAccess({ roots: [{ path: workspace, access: 'write' }] });
  const resolved = await resolveTargets(parsePatch(PATCH).ops, files);
  return computePlan(resolved, { files, versions: new FileVersions() });
}

function workspaceWithFiles() {
  const workspace = realpathSync(tempDir('handrail-commit-'));
  for (const [rel, content] of Object.entries({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' })) {
    mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    writeFileSync(path.join(workspace, rel), content);
  }
  return workspace;
}

/** Real disk operations, with the n-th write (counting from 1) failing. */
function failingAt(n: number, opts: { undoFails?: boolean } = {}): CommitIo {
  let writes = 0;
  let failed = false;
  return {
    async write(check, data, o) {
      writes++;
      if (writes === n || (failed && opts.undoFails)) {
        failed = true;
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      }
      return writeAtomic(check, data, o);
    },
    remove: removeVerified,
  };
}

describe('commitChanges', () => {
  it('plans every change in memory first (nothing on disk changes while planning)', async () => {
    const workspace = workspaceWithFiles();
    const before = readTree(workspace);
    const plan = await planIn(workspace);
    expect(plan.changes.map((c) => path.relative(workspace, c.target.canonical))).toEqual([
      'one/two/new.txt',
      'a.txt',
      'b.txt',
      'c.txt',
      'moved/c.txt',
      'last.txt',
    ]);
    expect(readTree(workspace)).toEqual(before);
  });

  it.each([1, 2, 3, 4])('a failure at write %i undoes every earlier change', async (n) => {
    const workspace = workspaceWithFiles();
    const before = readTree(workspace);
    const plan = await planIn(workspace);
    const error = await commitChanges(plan.changes, failingAt(n)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).errorClass).toBe('io_error');
    expect((error as ToolError).message).toMatch(
      /^apply_patch failed while writing \S+: no space left on device\. /,
    );
    expect(readTree(workspace)).toEqual(before);
  });

  it('says which files it could not restore when the undo fails too', async () => {
    const workspace = workspaceWithFiles();
    const plan = await planIn(workspace);
    const error = (await commitChanges(plan.changes, failingAt(3, { undoFails: true })).catch(
      (e: unknown) => e,
    )) as ToolError;
    expect(error.errorClass).toBe('io_error');
    expect(error.message).toContain('Restoring the files it had already changed failed for');
    expect(error.message).toContain('a.txt (no space left on device)');
  });

  it('commits every change when nothing fails', async () => {
    const workspace = workspaceWithFiles();
    const plan = await planIn(workspace);
    const committed = await commitChanges(plan.changes);
    expect(committed.filter((c) => c.stat === undefined).map((c) => path.basename(c.canonical))).toEqual([
      'b.txt',
      'c.txt',
    ]);
    expect(readTree(workspace)).toEqual({
      'a.txt': Buffer.from('A\n').toString('hex'),
      'last.txt': Buffer.from('last\n').toString('hex'),
      'moved/': 'dir',
      'moved/c.txt': Buffer.from('C\n').toString('hex'),
      'one/': 'dir',
      'one/two/': 'dir',
      'one/two/new.txt': Buffer.from('new\n').toString('hex'),
    });
  });
});
