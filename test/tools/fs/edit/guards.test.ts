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

describe('edit_file line endings', () => {
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
