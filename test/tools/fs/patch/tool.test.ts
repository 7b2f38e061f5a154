import { mkdirSync, readFileSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatchTool } from '../../../../src/tools/fs/apply-patch.js';
import { text } from '../../../support/results.js';
import { makeRuntime } from '../../../support/runtime.js';
import { tempDir } from '../../../support/temp.js';

const wrap = (body: string) => `*** Begin Patch\n${body}\n*** End Patch`;

function setup(files: Record<string, string> = {}) {
  const workspace = realpathSync(tempDir('handrail-patch-ws-'));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    writeFileSync(path.join(workspace, rel), content);
  }
  const runtime = makeRuntime({ workspace, stateDir: tempDir('handrail-state-'), tools: [applyPatchTool()] });
  return { workspace, runtime, turn: runtime.beginTurn() };
}

describe('apply_patch as a tool', () => {
  it('declares a destructive file_write with every canonical path, move destinations included', () => {
    const { workspace } = setup({ 'src/a.ts': 'a\n' });
    const tool = applyPatchTool();
    expect(tool.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    const intent = tool.classify!(
      {
        patch: wrap(
          '*** Add File: new.txt\n+x\n*** Update File: src/a.ts\n*** Move to: lib/a.ts\n@@\n-a\n+b\n*** Delete File: ./new.txt',
        ),
      },
      { workspace, cwd: workspace },
    );
    expect(intent).toEqual({
      action: 'file_write',
      summary: 'apply_patch: add new.txt, update src/a.ts → lib/a.ts, delete ./new.txt',
      scope: {
        operation: 'apply_patch',
        paths: [
          path.join(workspace, 'new.txt'),
          path.join(workspace, 'src/a.ts'),
          path.join(workspace, 'lib/a.ts'),
        ],
      },
    });
    // A patch that does not parse is refused by classify itself: before anyone is asked to approve it.
    expect(() => tool.classify!({ patch: 'not a patch' }, { workspace, cwd: workspace })).toThrow(
      /first line must be '\*\*\* Begin Patch'/,
    );
  });

  it('prints Codex success text: added, then modified, then deleted, as the paths were written', async () => {
    const { turn, workspace } = setup({ 'del.txt': 'x\n', 'mod.txt': 'm\n', 'mv.txt': 'v\n' });
    const result = await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: {
        patch: wrap(
          '*** Delete File: del.txt\n*** Update File: mod.txt\n@@\n-m\n+M\n*** Update File: mv.txt\n*** Move to: sub/moved.txt\n@@\n-v\n+V\n*** Add File: ./added.txt\n+a',
        ),
      },
    });
    expect(text(result)).toBe(
      'Success. Updated the following files:\nA ./added.txt\nM mod.txt\nM sub/moved.txt\nD del.txt',
    );
    expect(result.outcome.status).toBe('ok');
    expect(readFileSync(path.join(workspace, 'sub/moved.txt'), 'utf8')).toBe('V\n');
  });

  it('says which lenient pass matched each hunk, in the text and the details', async () => {
    const { turn } = setup({ 'app.py': 'def f():\n    a = 1\n    return a\n\nx = 1  \n' });
    const result = await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: {
        patch: wrap(
          '*** Update File: app.py\n@@\n         a = 1\n+        b = 2\n         return a\n@@\n-x = 1\n+x = 2',
        ),
      },
    });
    expect(text(result)).toBe(
      [
        'Success. Updated the following files:',
        'M app.py',
        '(app.py: hunk 1 matched ignoring indentation at line 2, added lines re-indented to match the file; hunk 2 matched ignoring trailing whitespace at line 5)',
      ].join('\n'),
    );
    expect(result.details).toEqual({
      files: [
        {
          status: 'M',
          path: 'app.py',
          hunks: [
            { hunk: 1, line: 2, pass: 'indentation', reindented: true },
            { hunk: 2, line: 5, pass: 'trailing_whitespace', reindented: false },
          ],
        },
      ],
    });
  });

  it("accepts Codex's `input` argument name", async () => {
    const { turn, workspace } = setup();
    const result = await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: { input: wrap('*** Add File: a\n+a') },
    });
    expect(text(result)).toBe('Success. Updated the following files:\nA a');
    expect(readFileSync(path.join(workspace, 'a'), 'utf8')).toBe('a\n');
  });

  it('refuses a patch with a syntax error as invalid arguments, with a format hint', async () => {
    const { turn } = setup();
    const result = await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: { patch: '*** Add File: a\n+a' },
    });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(result.outcome.hint).toContain("'*** Begin Patch'");
  });

  it('applies parallel patches to one file one after another, so neither update is lost', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
    const { runtime, workspace } = setup({ 'f.txt': `${lines.join('\n')}\n` });
    const calls = Array.from({ length: 10 }, (_, k) =>
      runtime.beginTurn().call({
        id: `c${k}`,
        name: 'apply_patch',
        arguments: { patch: wrap(`*** Update File: f.txt\n@@\n-line ${k * 5}\n+LINE ${k * 5}`) },
      }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => !r.isError)).toBe(true);
    const after = readFileSync(path.join(workspace, 'f.txt'), 'utf8').split('\n');
    for (let k = 0; k < 10; k++) expect(after[k * 5]).toBe(`LINE ${k * 5}`);
  });

  it('records what it wrote: deleting a file changed on disk since then is refused', async () => {
    const { turn, workspace } = setup();
    await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: { patch: wrap('*** Add File: notes.txt\n+draft') },
    });
    const file = path.join(workspace, 'notes.txt');
    writeFileSync(file, 'the user rewrote this\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const result = await turn.call({
      id: '2',
      name: 'apply_patch',
      arguments: { patch: wrap('*** Delete File: notes.txt') },
    });
    expect(result.outcome.errorClass).toBe('conflict');
    expect(text(result)).toBe(
      'apply_patch verification failed: cannot delete notes.txt: it changed on disk since this turn last read or wrote it (its size changed from 6 to 22 bytes).\nNo files were changed.',
    );
    expect(readFileSync(file, 'utf8')).toBe('the user rewrote this\n');
  });

  it('reports a file deleted earlier in the same patch, and a failed hunk with its position', async () => {
    const { turn } = setup({ 'a.txt': 'a\n' });
    const twice = await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: { patch: wrap('*** Delete File: a.txt\n*** Update File: a.txt\n@@\n-a\n+b') },
    });
    expect(text(twice)).toBe(
      'apply_patch verification failed: cannot update a.txt: an earlier operation of this patch deleted or moved it.\nNo files were changed.',
    );
  });

  it('names similar files when the file to update does not exist', async () => {
    const { turn } = setup({ 'src/auth.ts': 'x\n' });
    const result = await turn.call({
      id: '1',
      name: 'apply_patch',
      arguments: { patch: wrap('*** Update File: src/auth.js\n@@\n-x\n+y') },
    });
    expect(result.outcome.errorClass).toBe('not_found');
    expect(text(result)).toContain(
      'cannot update src/auth.js: File src/auth.js not found — the directory has auth.ts.',
    );
  });
});
