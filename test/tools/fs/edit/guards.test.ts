// The guards on edit_file's lenient passes (issue 16): indentation-sensitive files refuse a match that
// would change the nesting, a stale copy that matches only a twin block is refused, new_text is placed at
// the file's indentation and in its unit, the Unicode fold matches ellipses and fullwidth forms without
// rewriting the file's other text, lone-CR files keep their endings, and stale edits show the current lines.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { text } from '../../../support/results.js';
import { workspace } from './helpers.js';

const PY = [
  'def subtotal(lines):',
  '    total = 0',
  '    for line in lines:',
  '        if line.quantity <= 0:',
  '            continue',
  '        total += line.price',
  '    return total',
  '',
].join('\n');

describe('edit_file in indentation-sensitive files', () => {
  it('refuses a YAML key moved into a mapping it is not in, leaving the file as it was', async () => {
    const yaml = 'spec:\n  containers:\n    - name: web\n      image: web:1\n  restartPolicy: Always\n';
    const w = workspace({ 'pod.yaml': yaml });
    const result = await w.edit({
      path: 'pod.yaml',
      edits: [
        {
          old_text: '- name: web\n  image: web:1\n  restartPolicy: Always',
          new_text: '- name: web\n  image: web:2\n  restartPolicy: Always',
        },
      ],
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('old_text matches lines 3-5 of pod.yaml only when indentation is ignored');
    expect(text(result)).toContain('     5\t  restartPolicy: Always');
    expect(w.read('pod.yaml')).toBe(yaml);
  });

  it('names the disagreeing lines and shows the file lines when old_text nests them differently', async () => {
    const w = workspace({ 'inv.py': PY });
    const result = await w.edit({
      path: 'inv.py',
      edits: [
        {
          old_text: '    if line.quantity <= 0:\n    continue\n    total += line.price',
          new_text: '    if line.quantity <= 0:\n    continue\n    total += line.net',
        },
      ],
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      [
        'old_text matches lines 4-6 of inv.py only when indentation is ignored, and it nests lines differently from the file.',
        'In old_text, "continue" is at the same depth as "if line.quantity <= 0:"; in the file, line 5 (12 spaces) is deeper than line 4 (8 spaces).',
        "Indentation is syntax in inv.py: the edit would move a line into or out of a block, so nothing was changed. The file's lines, with their real indentation:",
        '     4\t        if line.quantity <= 0:',
        '     5\t            continue',
        '     6\t        total += line.price',
        'Send old_text copied from these lines with exactly this indentation, and indent new_text the way the file is indented.',
      ].join('\n'),
    );
    expect(w.read('inv.py')).toBe(PY);
  });

  it('lands a block shifted as a whole, keeping the nesting the model wrote', async () => {
    const w = workspace({ 'inv.py': PY });
    const result = await w.edit({
      path: 'inv.py',
      edits: [
        {
          old_text: 'if line.quantity <= 0:\n    continue',
          new_text: 'if line.quantity <= 0 or line.void:\n    log(line)\n    continue',
        },
      ],
    });
    expect(result.isError).toBe(false);
    expect(result.details).toMatchObject({ edits: [{ pass: 'indentation', reindented: true }] });
    expect(w.read('inv.py')).toBe(
      PY.replace(
        '        if line.quantity <= 0:\n            continue',
        '        if line.quantity <= 0 or line.void:\n            log(line)\n            continue',
      ),
    );
  });

  it("uses the file's unit for levels old_text does not show (two spaces a level against four)", async () => {
    const w = workspace({ 'inv.py': PY });
    // All of old_text sits at one level; new_text opens a block one model level (two spaces) deeper.
    await w.edit({
      path: 'inv.py',
      edits: [{ old_text: '  total += line.price', new_text: '  if line.price:\n    total += line.price' }],
    });
    expect(w.read('inv.py')).toBe(
      PY.replace('        total += line.price', '        if line.price:\n            total += line.price'),
    );
  });

  it("writes new_text's space indentation as the tabs of the block it replaces (Makefile, Python)", async () => {
    const make = 'build:\n\tcargo build --release\n\ntest:\n\tcargo test\n';
    const w = workspace({
      Makefile: make,
      'stack.py': 'class Stack:\n\tdef pop(self):\n\t\treturn self.items.pop()\n',
    });
    const result = await w.edit({
      path: 'Makefile',
      edits: [
        {
          old_text: 'build:\n\tcargo build --release',
          new_text: 'build:\n\tcargo build --release\n    strip target/release/app',
        },
      ],
    });
    expect(result.details).toMatchObject({ edits: [{ pass: 'exact', restyled: true }] });
    expect(text(result)).toContain("new_text's indentation written in the file's style");
    expect(w.read('Makefile')).toBe(make.replace('release\n', 'release\n\tstrip target/release/app\n'));
    await w.edit({
      path: 'stack.py',
      edits: [
        {
          old_text: '\tdef pop(self):\n\t\treturn self.items.pop()',
          new_text:
            '    def pop(self):\n        if not self.items:\n            return None\n        return self.items.pop()',
        },
      ],
    });
    expect(w.read('stack.py')).toBe(
      'class Stack:\n\tdef pop(self):\n\t\tif not self.items:\n\t\t\treturn None\n\t\treturn self.items.pop()\n',
    );
  });

  it("writes new_text's tabs as the block's spaces, and leaves a block of mixed indentation alone", async () => {
    const w = workspace({
      'ci.yaml': 'jobs:\n  test:\n    steps: []\n',
      'mixed.py': 'def f():\n\tif a:\n\t    b()\n',
    });
    await w.edit({
      path: 'ci.yaml',
      edits: [{ old_text: '    steps: []', new_text: '    steps: []\n\t\tname: unit' }],
    });
    expect(w.read('ci.yaml')).toBe('jobs:\n  test:\n    steps: []\n    name: unit\n');
    await w.edit({
      path: 'mixed.py',
      edits: [{ old_text: '\t    b()', new_text: '\t    b()\n        c()' }],
    });
    expect(w.read('mixed.py')).toBe('def f():\n\tif a:\n\t    b()\n        c()\n');
  });

  it('still lands a nesting difference in a file where indentation is not syntax', async () => {
    const js = 'function f() {\n  if (a) {\n    b();\n  }\n}\n';
    const w = workspace({ 'f.js': js });
    const result = await w.edit({
      path: 'f.js',
      edits: [{ old_text: 'if (a) {\nb();\n}', new_text: 'if (a) {\nc();\n}' }],
    });
    expect(result.isError).toBe(false);
    expect(w.read('f.js')).toContain('c();');
  });
});

describe('edit_file one-line old_text found inside a line', () => {
  it("moves new_text's later lines to the matched line's indentation when written relative to old_text", async () => {
    const rs = 'fn f() {\n    if x {\n        return Err(e);\n    }\n}\n';
    const w = workspace({ 'f.rs': rs });
    const result = await w.edit({
      path: 'f.rs',
      edits: [{ old_text: 'return Err(e);', new_text: 'return Err(Error {\n    cause: e,\n});' }],
    });
    expect(result.details).toMatchObject({ edits: [{ pass: 'exact', reindented: true }] });
    expect(text(result).split('\n')[0]).toContain("new_text's later lines re-indented");
    expect(w.read('f.rs')).toBe(
      'fn f() {\n    if x {\n        return Err(Error {\n            cause: e,\n        });\n    }\n}\n',
    );
  });

  it('leaves later lines alone when they are already written at the file columns', async () => {
    const ts = 'function add(a, b) {\n  return a + b;\n}\n';
    const w = workspace({ 'a.ts': ts });
    await w.edit({
      path: 'a.ts',
      edits: [{ old_text: 'return a + b;', new_text: 'const sum = a + b;\n  return sum;' }],
    });
    expect(w.read('a.ts')).toBe('function add(a, b) {\n  const sum = a + b;\n  return sum;\n}\n');
  });
});

describe('edit_file and stale copies of a block', () => {
  const TS = [
    'class Store {',
    '  load(id) {',
    '    const row = this.db.get(id);',
    '    if (row === undefined) {',
    '      throw new NotFound(id);',
    '    }',
    '    return row;',
    '  }',
    '}',
    '',
    'function loadLegacy(db, id) {',
    '  const row = db.get(id);',
    '  if (row === undefined) {',
    '    return null;',
    '  }',
    '  return row;',
    '}',
    '',
  ].join('\n');

  it("refuses a lenient match when a block at old_text's own indentation differs from it in a word", async () => {
    const w = workspace({ 'store.js': TS });
    // The model's copy of lines 4-6 from before it changed `return null` to `throw new NotFound(id)`.
    const result = await w.edit({
      path: 'store.js',
      edits: [
        {
          old_text: '    if (row === undefined) {\n      return null;\n    }',
          new_text: '    if (row === undefined) {\n      return undefined;\n    }',
        },
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('conflict');
    const message = text(result);
    expect(message).toContain(
      "old_text matches lines 13-15 of store.js only when indentation is ignored, but lines 4-6 have old_text's exact indentation",
    );
    expect(message).toContain(
      'line 5 differs: expected "      return null;" found "      throw new NotFound(id);"',
    );
    expect(w.read('store.js')).toBe(TS);
  });

  it('refuses a stale copy of a block that has since lost a line, when its twin still has it', async () => {
    // The model removed `pool: 5` from the replica earlier; its stale copy matches the top-level block
    // only with indentation ignored, while the replica (one line shorter) sits at old_text's indentation.
    const YAML = [
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
    const w = workspace({ 'database.yml': YAML });
    const result = await w.edit({
      path: 'database.yml',
      edits: [
        {
          old_text: '    adapter: postgresql\n    pool: 5\n    timeout: 5000',
          new_text: '    adapter: postgresql\n    pool: 5\n    timeout: 15000',
        },
      ],
    });
    expect(result.outcome.errorClass).toBe('conflict');
    expect(text(result)).toContain('lines 7-8');
    expect(w.read('database.yml')).toBe(YAML);
  });

  it('refuses a stale copy that lacks lines the block gained since', async () => {
    // The model added the `if not rows` guard to the method earlier; its stale copy of the method's body
    // matches the function's body only with indentation ignored.
    const PY_IMPORT = [
      'def load(path):',
      '    rows = read_csv(path)',
      '    users = [User(**r) for r in rows]',
      '    return users',
      '',
      'class Importer:',
      '    def load(self, path):',
      '        rows = read_csv(path)',
      '        if not rows:',
      '            return []',
      '        users = [User(**r) for r in rows]',
      '        return users',
      '',
    ].join('\n');
    const w = workspace({ 'importer.py': PY_IMPORT });
    const result = await w.edit({
      path: 'importer.py',
      edits: [
        {
          old_text:
            '        rows = read_csv(path)\n        users = [User(**r) for r in rows]\n        return users',
          new_text:
            '        rows = read_csv(path)\n        users = [User(**r) for r in rows]\n        return sorted(users)',
        },
      ],
    });
    expect(result.outcome.errorClass).toBe('conflict');
    expect(text(result)).toContain(
      "lines 8-12 have old_text's exact indentation and differ from it in a line or a few characters (5 lines against old_text's 3)",
    );
    expect(w.read('importer.py')).toBe(PY_IMPORT);
  });

  it('lands the same drift when no block resembles old_text at its own indentation', async () => {
    const w = workspace({ 'store.js': TS });
    const result = await w.edit({
      path: 'store.js',
      edits: [{ old_text: '    return null;', new_text: '    return undefined;' }],
    });
    expect(result.isError).toBe(false);
    expect(w.read('store.js')).toBe(TS.replace('    return null;', '    return undefined;'));
  });
});

describe('edit_file Unicode fold', () => {
  it("matches an ellipsis written as three dots, keeping the file's spelling of what the model kept", async () => {
    const original = '// Uploading your files…\nconst limit = 10;\n// Loading… please wait\n';
    const w = workspace({ 'u.ts': original });
    const result = await w.edit({
      path: 'u.ts',
      edits: [{ old_text: 'Uploading your files...', new_text: 'Uploading your files... (see the FAQ)' }],
    });
    expect(result.details).toMatchObject({ edits: [{ pass: 'unicode' }] });
    expect(w.read('u.ts')).toBe(original.replace('files…', 'files… (see the FAQ)'));
  });

  it('matches fullwidth punctuation and letters over whole lines, and changes only the lines it must', async () => {
    const original = '# 保存失败，请重试\nretries: 3\n# ＩＤ不存在\n';
    const w = workspace({ 'm.yaml': original });
    await w.edit({
      path: 'm.yaml',
      edits: [{ old_text: '# 保存失败,请重试\nretries: 3', new_text: '# 保存失败,请重试\nretries: 5' }],
    });
    expect(w.read('m.yaml')).toBe('# 保存失败，请重试\nretries: 5\n# ＩＤ不存在\n');
  });
});

describe('edit_file trailing whitespace', () => {
  it("keeps the file's trailing whitespace on lines new_text leaves unchanged (Markdown hard breaks)", async () => {
    const md = 'Before a release:  \nrun the tests,  \nupdate CHANGELOG.md,  \nand bump the version.\n';
    const w = workspace({ 'RELEASING.md': md });
    const result = await w.edit({
      path: 'RELEASING.md',
      edits: [
        {
          old_text: 'run the tests,\nupdate CHANGELOG.md,\nand bump the version.',
          new_text: 'run the tests,\nupdate CHANGELOG.md and the notes,\nand bump the version.',
        },
      ],
    });
    expect(result.details).toMatchObject({ edits: [{ pass: 'trailing_whitespace' }] });
    expect(w.read('RELEASING.md')).toBe(md.replace('CHANGELOG.md,  ', 'CHANGELOG.md and the notes,'));
  });
});

describe('edit_file line endings', () => {
  it('keeps the own ending of every line new_text leaves unchanged in a mixed CRLF/LF file', async () => {
    const w = workspace({ 'app.ini': '[server]\r\nport = 8080\r\n[cache]\nttl = 300\nsize = 1000\n' });
    await w.edit({
      path: 'app.ini',
      edits: [
        { old_text: 'port = 8080\n[cache]\nttl = 300', new_text: 'port = 9090\n[cache]\nttl = 600\nmax = 5' },
      ],
    });
    // Rewritten lines take the endings of the lines they replace; the added last line, the replaced last one's.
    expect(w.read('app.ini')).toBe('[server]\r\nport = 9090\r\n[cache]\nttl = 600\nmax = 5\nsize = 1000\n');
  });

  it('edits a lone-CR file, matching across its endings and keeping them', async () => {
    const w = workspace({ 'mac.txt': 'one\rtwo\rthree\r' });
    const result = await w.edit({
      path: 'mac.txt',
      edits: [{ old_text: 'two\nthree', new_text: 'TWO\nTHREE\nFOUR' }],
    });
    expect(result.isError).toBe(false);
    expect(w.read('mac.txt')).toBe('one\rTWO\rTHREE\rFOUR\r');
  });
});

describe('edit_file stale edits', () => {
  it('refuses, showing the closest current lines when old_text no longer matches', async () => {
    const w = workspace({ 'a.py': 'def f():\n    save(x)\n    log(x)\n' });
    await w.edit({ path: 'a.py', edits: [{ old_text: 'def f():', new_text: 'def g():' }] });
    writeFileSync(w.file('a.py'), 'def g():\n    save(x, ttl=None)\n    log(x)\n');
    const result = await w.edit({
      path: 'a.py',
      edits: [{ old_text: '    save(x)\n    log(x)', new_text: '    store(x)\n    log(x)' }],
    });
    expect(result.outcome.errorClass).toBe('conflict');
    const message = text(result);
    expect(message).toContain('a.py changed on disk since this turn last read or wrote it');
    expect(message).toContain(
      'In the file as it is now, old_text was not found in a.py. The closest text is at lines 2-3:',
    );
    expect(message).toContain('     2\t    save(x, ttl=None)');
    expect(w.read('a.py')).toBe('def g():\n    save(x, ttl=None)\n    log(x)\n');
  });
});
