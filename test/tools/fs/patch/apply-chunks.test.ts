import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../../src/core/errors.js';
import { applyChunks } from '../../../../src/tools/fs/patch/apply-chunks.js';
import { parsePatch } from '../../../../src/tools/fs/patch/parse.js';
import { LineIndex } from '../../../../src/tools/fs/patch/seek.js';
import { decodeText } from '../../../../src/tools/fs/patch/text.js';
import type { UpdateChunk } from '../../../../src/tools/fs/patch/types.js';

function chunksOf(body: string): UpdateChunk[] {
  const op = parsePatch(`*** Begin Patch\n*** Update File: f\n${body}\n*** End Patch`).ops[0]!;
  if (op.kind !== 'update') throw new Error('not an update');
  return op.chunks;
}

function apply(file: string, body: string): string {
  return applyChunks(decodeText(Buffer.from(file)), chunksOf(body), 'f').data.toString();
}

function failure(file: string, body: string): string {
  try {
    apply(file, body);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).message;
  }
  throw new Error('expected the chunks not to apply');
}

describe('LineIndex.seek', () => {
  it('tries each pass over every position before the next, looser one', () => {
    const index = new LineIndex(['foo  ', '  foo', 'foo']);
    expect(index.seek(['foo'], 0)).toEqual({ index: 2, pass: 'exact' });
    expect(index.seek(['foo'], 0)?.index).toBe(2);
    expect(new LineIndex(['x', 'foo  ', 'y']).seek(['foo'], 0)).toEqual({
      index: 1,
      pass: 'trailing_whitespace',
    });
    expect(new LineIndex(['\tfoo']).seek(['foo'], 0)).toEqual({ index: 0, pass: 'indentation' });
    expect(new LineIndex(['a \u2013 \u201cb\u201d\u00a0c\u2026']).seek(['a - "b" c...'], 0)).toEqual({
      index: 0,
      pass: 'unicode',
    });
    expect(new LineIndex(['\uff29\uff24\uff0c x']).seek(['ID, x'], 0)?.pass).toBe('unicode');
  });

  it('searches forward from the start it is given, and at the end with atEnd', () => {
    const index = new LineIndex(['a', 'b', 'a', 'b', '', '']);
    expect(index.seek(['a', 'b'], 1)?.index).toBe(2);
    expect(index.seek(['a', 'b'], 0, true)?.index).toBe(2); // before the trailing blank lines
    expect(index.seek(['a'], 3)).toBeUndefined();
    expect(index.seek(['x', 'y', 'z', 'w', 'v', 'u', 't'], 0)).toBeUndefined();
  });
});

describe('applyChunks', () => {
  it('keeps context lines exactly as they are in the file after a loose match', () => {
    expect(apply('  keep\u2014me  \nold\n', '@@\n keep-me\n-old\n+new')).toBe('  keep\u2014me  \nnew\n');
  });

  it('anchors an end-of-file chunk at the end, not at an earlier occurrence', () => {
    expect(apply('x\nend\ny\nend\n', '@@\n-end\n+END\n*** End of File')).toBe('x\nend\ny\nEND\n');
  });

  it('retries without a trailing empty context line that stood for the final newline', () => {
    expect(apply('a\nb\n', '@@\n-b\n+c\n')).toBe('a\nc\n');
    expect(apply('a\nb', '@@\n a\n-b\n+c\n\n')).toBe('a\nc\n');
  });

  it('puts a pure addition after its @@ line, or at the end (before a final blank line)', () => {
    expect(apply('class A:\n    x = 1\nclass B:\n    y = 2\n', '@@ class B:\n+    z = 3')).toBe(
      'class A:\n    x = 1\nclass B:\n    z = 3\n    y = 2\n',
    );
    expect(apply('a\nb\n\n', '@@\n+c')).toBe('a\nb\nc\n\n');
    expect(apply('', '@@\n+first')).toBe('first\n');
  });

  it('takes a partial @@ line when no whole line matches it', () => {
    expect(
      apply(
        'function a() {\n  return 1;\n}\nfunction b() {\n  return 1;\n}\n',
        '@@ function b\n-  return 1;\n+  return 2;',
      ),
    ).toBe('function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}\n');
  });

  it('gives replaced lines their own ending in a mixed file, and added lines the dominant one', () => {
    expect(apply('a\r\nb\nc\r\nd\r\n', '@@\n-b\n+B\n c\n+new')).toBe('a\r\nB\nc\r\nnew\r\nd\r\n');
  });

  it('names the hunk and shows the closest region with the differing lines marked', () => {
    const file = 'one\ntwo\nthree\nfour\nfive\n';
    expect(failure(file, '@@\n-one\n+1\n@@\n three\n-FOUR\n+4')).toBe(
      [
        'apply_patch verification failed: Failed to find expected lines in f (hunk 2 of 2):',
        'three',
        'FOUR',
        '',
        'The closest region in the file, lines 3-4 (lines marked ! differ):',
        '3 | three',
        '4 ! four',
      ].join('\n'),
    );
  });

  it('says when an end-of-file chunk matches elsewhere, and when a context line is missing', () => {
    expect(failure('a\nb\nc\n', '@@\n-a\n+A\n*** End of File')).toContain(
      "These lines occur at line 1, but '*** End of File' requires them to end the file (it has 3 lines).",
    );
    expect(failure('def alpha():\n    pass\n', '@@ def alpah():\n-    pass\n+    return')).toBe(
      "apply_patch verification failed: Failed to find context 'def alpah():' in f (hunk 1 of 1).\nThe most similar line:\n1 ! def alpha():",
    );
  });

  it('finds the closest region by similarity when no line is even loosely equal', () => {
    const file = 'const alpha = computeTheValue(1);\nconst beta = 2;\n';
    expect(failure(file, '@@\n-const alpha = computeTheValue(2);\n+x')).toContain(
      '1 ! const alpha = computeTheValue(1);',
    );
  });
});

describe('applyChunks, blank lines before the next header', () => {
  it('reads additions followed only by blank lines as a pure addition, not as "after the first blank line"', () => {
    expect(apply('a\n\nb\n', '@@\n+c\n\n')).toBe('a\n\nb\nc\n');
  });
});
