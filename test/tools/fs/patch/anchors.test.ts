// What a hunk's @@ lines say about where it goes (issue 16): an @@ line that opens a block puts the hunk
// inside that block; one that occurs twice is ambiguous unless the hunk's lines decide; several @@ lines
// narrow one inside the other, the form Codex's instructions teach.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../../src/core/errors.js';
import { applyChunks } from '../../../../src/tools/fs/patch/apply-chunks.js';
import { parsePatch } from '../../../../src/tools/fs/patch/parse.js';
import { decodeText } from '../../../../src/tools/fs/patch/text.js';

function apply(file: string, body: string, path = 'f.py'): string {
  const op = parsePatch(`*** Begin Patch\n*** Update File: ${path}\n${body}\n*** End Patch`).ops[0]!;
  if (op.kind !== 'update') throw new Error('not an update');
  return applyChunks(decodeText(Buffer.from(file)), op.chunks, path).data.toString();
}

function refusal(file: string, body: string, path?: string): string {
  try {
    apply(file, body, path);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).message;
  }
  throw new Error('expected the hunk to be refused');
}

const readers = [
  'class Reader:',
  '    def __init__(self, path):',
  '        self.path = path',
  '        self.handle = None',
  '',
  'class Writer:',
  '    def __init__(self, path):',
  '        self.path = path',
  '        self.handle = None',
  '',
].join('\n');
const addLock = '         self.path = path\n         self.handle = None\n+        self.lock = None';

describe('an @@ line that occurs more than once', () => {
  it('is refused when the hunk fits under each, naming both places and the line above each', () => {
    const message = refusal(readers, `@@ def __init__(self, path):\n${addLock}`);
    expect(message).toContain('match in 2 places: lines 3-4, 8-9');
    expect(message).toContain('lines 3-4, under line 2: def __init__(self, path):');
    expect(message).toContain('lines 8-9, under line 7: def __init__(self, path):');
  });

  it('is refused for a pure addition, which nothing places', () => {
    expect(refusal(readers, '@@ def __init__(self, path):\n+        self.lock = None')).toContain(
      "The @@ line 'def __init__(self, path):' of f.py (hunk 1 of 1) occurs at lines 2, 7",
    );
  });

  it('lands under the one whose block holds the lines', () => {
    const file = readers.replace('self.handle = None\n\nclass Writer', 'self.handle = 0\n\nclass Writer');
    expect(apply(file, `@@ def __init__(self, path):\n${addLock}`)).toBe(`${file}        self.lock = None\n`);
  });
});

describe('several @@ lines', () => {
  it('narrow one inside the other: the class, then its method', () => {
    expect(apply(readers, `@@ class Writer:\n@@     def __init__(self, path):\n${addLock}`)).toBe(
      `${readers}        self.lock = None\n`,
    );
  });

  it('say which inner line is missing from the outer block', () => {
    expect(refusal(readers, `@@ class Writer:\n@@     def close(self):\n${addLock}`)).toContain(
      "Failed to find context '    def close(self):'",
    );
  });
});

describe('an @@ line naming a block that does not hold the lines', () => {
  const controller = [
    'class PostsController',
    '  def create',
    '    if @post.save',
    '      redirect_to @post',
    '    else',
    '      render json: @post.errors, status: :unprocessable_content',
    '    end',
    '  end',
    '',
    '  def update',
    '    if @post.update(post_params)',
    '      redirect_to @post',
    '    else',
    '      render json: @post.errors, status: :unprocessable_entity',
    '    end',
    '  end',
    'end',
    '',
  ].join('\n');

  it('is refused, showing where the lines are and the closest lines inside the block', () => {
    const message = refusal(
      controller,
      '@@ def create\n     else\n-      render json: @post.errors, status: :unprocessable_entity\n+      head :unprocessable_entity\n     end',
      'posts.rb',
    );
    expect(message).toContain(
      "The @@ line 'def create' opens lines 2-8, but these lines do not occur inside it",
    );
    expect(message).toContain('The lines occur at lines 13-15');
    expect(message).toContain('6 !       render json: @post.errors, status: :unprocessable_content');
  });

  it('is refused when the lines match inside it only loosely and exactly outside it', () => {
    const file = [
      'class Cache:',
      '    class Entry:',
      '        def expired(self):',
      '            return self.deadline < now()',
      '',
      '    def expired(self):',
      '        return self.deadline < now()',
      '',
    ].join('\n');
    const message = refusal(
      file,
      '@@ class Entry:\n     def expired(self):\n         return self.deadline < now()\n+        # monotonic',
    );
    expect(message).toContain(
      'match there only once indentation is ignored, and match more closely outside it',
    );
    expect(message).toContain('The lines occur at lines 6-7');
    expect(message).toContain('Inside the block, the closest lines, lines 3-4');
  });

  it('still lands on its closing line and after parameters wrapped onto several lines', () => {
    const ts = 'export function f(\n  a: number,\n): number {\n  return a;\n}\n\nconst x = 1;\n';
    expect(apply(ts, '@@ export function f(\n-  return a;\n+  return a + 1;', 'f.ts')).toContain(
      '  return a + 1;\n',
    );
    expect(apply(ts, '@@ export function f(\n   return a;\n }\n+export const g = 2;', 'f.ts')).toContain(
      '}\nexport const g = 2;\n',
    );
  });

  it('keeps Codex meaning for an @@ line that opens no block: the lines come after it', () => {
    const file = 'import os\nimport sys\n\nx = 1\n';
    expect(apply(file, '@@ import os\n-x = 1\n+x = 2')).toBe('import os\nimport sys\n\nx = 2\n');
  });
});
