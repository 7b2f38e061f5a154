import { describe, expect, it } from 'vitest';
import { PatchSyntaxError, parsePatch } from '../../../../src/tools/fs/patch/parse.js';

const wrap = (body: string) => `*** Begin Patch\n${body}\n*** End Patch`;

function syntaxError(patch: string): string {
  try {
    parsePatch(patch);
  } catch (error) {
    expect(error).toBeInstanceOf(PatchSyntaxError);
    return (error as Error).message;
  }
  throw new Error('expected a syntax error');
}

describe('parsePatch', () => {
  it('parses every operation kind, a move, context headers and the end-of-file marker', () => {
    const { ops } = parsePatch(
      wrap(
        '*** Add File: a.txt\n+one\n+two\n*** Delete File: b.txt\n*** Update File: c.py\n*** Move to: d.py\n@@ def f():\n-    pass\n+    return 1\n@@\n x\n+y\n*** End of File',
      ),
    );
    expect(ops).toEqual([
      { kind: 'add', path: 'a.txt', contents: 'one\ntwo\n', patchLine: 2 },
      { kind: 'delete', path: 'b.txt', patchLine: 5 },
      {
        kind: 'update',
        path: 'c.py',
        moveTo: 'd.py',
        patchLine: 6,
        chunks: [
          {
            context: 'def f():',
            endOfFile: false,
            patchLine: 8,
            lines: [
              { op: '-', text: '    pass' },
              { op: '+', text: '    return 1' },
            ],
          },
          {
            endOfFile: true,
            patchLine: 11,
            lines: [
              { op: ' ', text: 'x' },
              { op: '+', text: 'y' },
            ],
          },
        ],
      },
    ]);
  });

  it('accepts an empty added file and an empty line as empty context', () => {
    const { ops } = parsePatch(wrap('*** Add File: empty.txt\n*** Update File: f\n@@\n a\n\n-b'));
    expect(ops[0]).toMatchObject({ kind: 'add', contents: '' });
    expect(ops[1]).toMatchObject({
      chunks: [
        {
          lines: [
            { op: ' ', text: 'a' },
            { op: ' ', text: '' },
            { op: '-', text: 'b' },
          ],
        },
      ],
    });
  });

  it('reads consecutive @@ lines as one chunk under nested contexts, outermost first', () => {
    const { ops } = parsePatch(
      wrap(
        '*** Update File: io.py\n@@ class Writer:\n@@     def __init__(self):\n@@\n-        pass\n+        return',
      ),
    );
    expect(ops[0]).toMatchObject({
      chunks: [{ context: 'class Writer:', nestedContexts: ['    def __init__(self):'], patchLine: 3 }],
    });
  });

  it('is lenient like Codex: padded markers, heredoc wrappers, first chunk without @@', () => {
    expect(parsePatch('  *** Begin Patch  \n *** Add File:  x.txt \n+x\n\t*** End Patch ').ops).toEqual([
      { kind: 'add', path: 'x.txt', contents: 'x\n', patchLine: 2 },
    ]);
    for (const start of ["<<'EOF'", '<<EOF', '<<"EOF"', "apply_patch <<'PATCH'"]) {
      const end = start.includes('PATCH') ? 'PATCH' : 'EOF';
      expect(parsePatch(`${start}\n${wrap('*** Delete File: a')}\n${end}\n`).ops).toHaveLength(1);
    }
    const { ops } = parsePatch(wrap('*** Update File: f\n import foo\n+bar'));
    expect(ops[0]).toMatchObject({
      chunks: [
        {
          lines: [
            { op: ' ', text: 'import foo' },
            { op: '+', text: 'bar' },
          ],
        },
      ],
    });
  });

  it('is a little more lenient: case, CRLF, blank lines, unified-diff ranges, "\\ No newline"', () => {
    const { ops } = parsePatch(
      '*** begin patch\r\n*** update file: f\r\n@@ -1,2 +1,2 @@ class A\r\n-a\r\n\\ No newline at end of file\r\n+b\r\n\r\n*** add file: g\r\n+1\r\n\r\n+3\r\n*** end patch\r\n',
    );
    expect(ops).toEqual([
      {
        kind: 'update',
        path: 'f',
        patchLine: 2,
        chunks: [
          {
            context: 'class A',
            endOfFile: false,
            patchLine: 3,
            lines: [
              { op: '-', text: 'a' },
              { op: '+', text: 'b' },
              { op: ' ', text: '' },
            ],
          },
        ],
      },
      { kind: 'add', path: 'g', contents: '1\n\n3\n', patchLine: 8 },
    ]);
  });

  it('names the line and the problem', () => {
    expect(syntaxError('')).toBe("Invalid patch: the patch is empty; it must start with '*** Begin Patch'.");
    expect(syntaxError('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b')).toBe(
      "Invalid patch at line 1: the first line must be '*** Begin Patch', got '--- a/x'. apply_patch takes the Codex patch format, not a unified diff.",
    );
    expect(syntaxError('*** Begin Patch\n*** Add File: x\n+a')).toBe(
      "Invalid patch at line 3: the last line must be '*** End Patch', got '+a'. Was the patch cut off?",
    );
    expect(syntaxError(wrap('*** Update File: f\n@@\n-a\nnot a diff line\n+b'))).toBe(
      "Invalid patch at line 5: expected a '@@' line to start the next chunk, got 'not a diff line'. Every line of a chunk starts with ' ' (context), '-' (removed) or '+' (added); a context line needs its leading space.",
    );
    expect(syntaxError(wrap('*** Update File: f\n@@\n*** Delete File: g'))).toBe(
      "Invalid patch at line 3: the chunk has no lines. Follow '@@' with ' ' (context), '-' (removed) and '+' (added) lines.",
    );
    expect(syntaxError(wrap('*** Add File:   \n+a'))).toBe(
      "Invalid patch at line 2: '*** Add File:' needs a path after it.",
    );
    expect(syntaxError(wrap('*** Delete File: src/'))).toBe(
      "Invalid patch at line 2: '*** Delete File: src/' names a directory; apply_patch works on files.",
    );
    expect(syntaxError(wrap('@@\n-a\n+b'))).toBe(
      "Invalid patch at line 2: '@@' is a chunk line outside any '*** Update File:' section (or an '*** Add File:' line without its '+').",
    );
    expect(syntaxError(wrap('*** Move to: x'))).toBe(
      "Invalid patch at line 2: '*** Move to:' must directly follow an '*** Update File:' line.",
    );
    expect(syntaxError(`${wrap('*** Delete File: a')}\n*** Delete File: b\n*** End Patch`)).toBe(
      "Invalid patch at line 3: '*** End Patch' appears before the end of the patch; remove what follows it.",
    );
  });

  it('does not take a lone heredoc marker or a wrapper with a different delimiter', () => {
    expect(syntaxError(`<<'EOF'\n${wrap('*** Delete File: a')}\nEND`)).toMatch(
      /^Invalid patch at line 1: the first line must be/,
    );
  });
});
