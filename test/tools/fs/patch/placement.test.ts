// Where a hunk may land (issue 16): exactly one place in the strictest pass that finds its lines, over the
// whole file unless an @@ line narrows it; added lines in the file's own indentation; no lenient match that
// changes the nesting of an indentation-significant file, or lands on the twin of a block the model meant.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../../src/core/errors.js';
import { type AppliedChunks, applyChunks } from '../../../../src/tools/fs/patch/apply-chunks.js';
import { parsePatch } from '../../../../src/tools/fs/patch/parse.js';
import { decodeText } from '../../../../src/tools/fs/patch/text.js';

function run(file: string, body: string, path = 'f.txt'): AppliedChunks {
  const op = parsePatch(`*** Begin Patch\n*** Update File: ${path}\n${body}\n*** End Patch`).ops[0]!;
  if (op.kind !== 'update') throw new Error('not an update');
  return applyChunks(decodeText(Buffer.from(file)), op.chunks, path);
}

const apply = (file: string, body: string, path?: string) => run(file, body, path).data.toString();

function refusal(file: string, body: string, path?: string): string {
  try {
    run(file, body, path);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).message;
  }
  throw new Error('expected the hunk to be refused');
}

describe('a hunk whose lines match in more than one place', () => {
  it('is refused, naming every place and the line above each, when the exact lines occur twice', () => {
    const file = 'def a():\n    return 1\n\ndef b():\n    return 1\n';
    expect(refusal(file, '@@\n-    return 1\n+    return 2')).toBe(
      [
        'apply_patch verification failed: The expected lines of f.txt (hunk 1 of 1) match in 2 places: lines 2, 5; the patch does not say which one to change. Expected lines:',
        '    return 1',
        '',
        'line 2, under line 1: def a():',
        '2 |     return 1',
        '',
        'line 5, under line 4: def b():',
        '5 |     return 1',
      ].join('\n'),
    );
  });

  it('is refused when the places are equal only once indentation is ignored', () => {
    const file = 'if a:\n    x = 1\n    if b:\n        x = 1\n';
    expect(refusal(file, '@@\n-  x = 1\n+  x = 2', 'f.py')).toContain(
      'match in 2 places once indentation is ignored: lines 2, 4',
    );
  });

  it('is looked for over the whole file without an @@ line, not only after the previous hunk', () => {
    const file = 'close()\n}\nmiddle\nclose()\n}\n';
    expect(refusal(file, '@@\n-middle\n+MIDDLE\n@@\n-close()\n+close(1)\n }')).toContain(
      'match in 2 places: lines 1-2, 4-5',
    );
  });

  it('lands in the block its @@ line opens when the lines recur after that block', () => {
    const file = 'function a() {\n  return x;\n}\nfunction b() {\n  return x;\n}\n';
    expect(apply(file, '@@ function a() {\n-  return x;\n+  return y;')).toBe(
      'function a() {\n  return y;\n}\nfunction b() {\n  return x;\n}\n',
    );
  });

  it('is refused when the lines occur twice inside the block its @@ line opens', () => {
    const file = 'function a() {\n  x();\n  x();\n}\n';
    expect(refusal(file, '@@ function a() {\n-  x();\n+  y();')).toContain('match in 2 places: lines 2, 3');
  });
});

describe('added lines after a match that ignored indentation', () => {
  it('take the file indentation when the whole hunk is one level too deep', () => {
    const file = 'def f():\n    a = 1\n    return a\n';
    const result = run(file, '@@\n         a = 1\n+        b = 2\n         return a', 'f.py');
    expect(result.data.toString()).toBe('def f():\n    a = 1\n    b = 2\n    return a\n');
    expect(result.hunks).toEqual([{ hunk: 1, line: 2, pass: 'indentation', reindented: true }]);
  });

  it("are written with the file's tabs when the hunk was written with spaces, and the reverse", () => {
    const tabs = 'func f() {\n\tif ok {\n\t\treturn\n\t}\n}\n';
    expect(apply(tabs, '@@\n     if ok {\n+        log()\n         return', 'f.go')).toBe(
      'func f() {\n\tif ok {\n\t\tlog()\n\t\treturn\n\t}\n}\n',
    );
    const spaces = 'class A:\n    def f(self):\n        pass\n';
    expect(apply(spaces, '@@\n \tdef f(self):\n-\t\tpass\n+\t\treturn 1', 'a.py')).toBe(
      'class A:\n    def f(self):\n        return 1\n',
    );
  });
});

describe('an indentation-significant file', () => {
  const file = 'for x in xs:\n    if x:\n        continue\n    total += x\nreturn total\n';
  // `total += x` written inside the `if`: applying it would change what the loop does.
  const nested =
    '@@\n for x in xs:\n     if x:\n         continue\n-        total += x\n+        total += 2 * x';

  it('refuses a hunk that nests a line differently, showing the real indentation', () => {
    expect(refusal(file, nested, 'loop.py')).toContain(
      [
        "The file's lines, with their real indentation (lines marked ! nest differently from the hunk):",
        '1 | for x in xs:',
        '2 |     if x:',
        '3 |         continue',
        '4 !     total += x',
      ].join('\n'),
    );
  });

  it('is decided by the file: the same hunk lands in a file where indentation is not syntax', () => {
    expect(apply(file, nested, 'loop.js')).toContain('    total += 2 * x\n');
  });

  it('accepts a hunk whose whole block is shifted, keeping its structure', () => {
    expect(
      apply(file, '@@\n   for x in xs:\n       if x:\n-          continue\n+          break', 'loop.py'),
    ).toBe('for x in xs:\n    if x:\n        break\n    total += x\nreturn total\n');
  });
});

describe('a lenient match on the twin of the block the hunk was written for', () => {
  it('is refused, naming the block at the hunk indentation whose text changed since', () => {
    const file = [
      'class Store:',
      '    def load(self, id):',
      '        row = self.db.get(id)',
      '        if row is None:',
      '            raise KeyError(id)',
      '        return row',
      '',
      'def load_legacy(db, id):',
      '    row = db.get(id)',
      '    if row is None:',
      '        return None',
      '    return row',
      '',
    ].join('\n');
    const message = refusal(
      file,
      '@@\n         if row is None:\n             return None\n-        return row\n+        return Row(row)',
      'store.py',
    );
    expect(message).toContain(
      'These lines match lines 10-12 only when indentation is ignored, but lines 4-6 have exactly the hunk',
    );
    expect(message).toContain('5 !             raise KeyError(id)');
  });
});

describe('a lenient match on the twin of a block that has since lost or gained a line', () => {
  const yaml = [
    'database:',
    '  adapter: postgresql',
    '  pool: 5',
    '  timeout: 5000',
    'replicas:',
    '  reporting:',
    '    adapter: postgresql',
    '    timeout: 5000',
    '',
  ].join('\n');

  it('is refused when the block the hunk was written for lost a line, naming it and the line it lost', () => {
    const message = refusal(
      yaml,
      '@@\n     adapter: postgresql\n     pool: 5\n-    timeout: 5000\n+    timeout: 15000',
      'database.yml',
    );
    expect(message).toContain(
      "but lines 7-8 have exactly the hunk's indentation and nearly its text, with 1 line fewer",
    );
    expect(message).toContain("The hunk's lines they no longer have:\n    pool: 5");
  });

  it('is refused when that block was rewritten in one of two lines', () => {
    const lua = [
      'local function on_save(buf)',
      '  local name = vim.api.nvim_buf_get_name(buf)',
      '  format(buf)',
      'end',
      '',
      'function M.attach(client)',
      '  client.on_save = function(buf)',
      '    local name = vim.api.nvim_buf_get_name(buf)',
      '    if client.ready then format(buf) end',
      '  end',
      'end',
      '',
    ].join('\n');
    const hunk =
      '@@\n     local name = vim.api.nvim_buf_get_name(buf)\n-    format(buf)\n+    format(buf, {})';
    expect(refusal(lua, hunk, 'format.lua')).toContain('but lines 8-9 have exactly the hunk');
  });

  it('lands when no block at the hunk indentation resembles it', () => {
    expect(
      apply(yaml, '@@\n       adapter: postgresql\n-      pool: 5\n+      pool: 10', 'database.yml'),
    ).toContain('database:\n  adapter: postgresql\n  pool: 10\n');
  });
});

describe('tabs and spaces', () => {
  it("writes added lines in the block's tabs when only they were typed with spaces (a Makefile recipe)", () => {
    const make = 'all: build\n\nbuild:\n\tcargo build --release\n';
    const result = run(
      make,
      '@@ build:\n \tcargo build --release\n+    strip target/release/app',
      'Makefile',
    );
    expect(result.data.toString()).toBe(`${make}\tstrip target/release/app\n`);
    expect(result.hunks).toEqual([{ hunk: 1, line: 4, pass: 'exact', reindented: true }]);
  });

  it("writes tabs typed in a spaces block with the file's width, and leaves a mixed block as it is", () => {
    const py = 'def f():\n    a = 1\n    return a\n';
    expect(apply(py, '@@\n     a = 1\n+\tb = 2\n     return a', 'f.py')).toBe(
      'def f():\n    a = 1\n    b = 2\n    return a\n',
    );
    const mixed = 'x:\n\ta\n    b\n';
    expect(apply(mixed, '@@\n \ta\n+    c\n     b', 'f.txt')).toBe('x:\n\ta\n    c\n    b\n');
  });
});

describe('Unicode and line endings', () => {
  it('matches an ellipsis and fullwidth forms, leaving the rest of the file as it was', () => {
    const file = '# Loading\u2026 \u201cfast\u201d\n# \uff29\uff24\uff0c ok\nx = 1\n';
    expect(apply(file, '@@\n # Loading... "fast"\n # ID, ok\n-x = 1\n+x = 2')).toBe(
      '# Loading\u2026 \u201cfast\u201d\n# \uff29\uff24\uff0c ok\nx = 2\n',
    );
  });

  it('keeps the lone-CR line endings of a classic Mac file', () => {
    expect(apply('a\rb\rc\r', '@@\n a\n-b\n+B\n+B2\n c')).toBe('a\rB\rB2\rc\r');
  });
});
