import { describe, expect, it } from 'vitest';
import { text } from '../../../support/results.js';
import { workspace } from './helpers.js';

const APP = [
  'function add(a, b) {',
  '  return a + b;',
  '}',
  '',
  'function sub(a, b) {',
  '  return a - b;',
  '}',
  '',
].join('\n');

describe('edit_file exact pass', () => {
  it('replaces a unique text and returns the summary and a unified diff', async () => {
    const w = workspace({ 'src/app.ts': APP });
    const result = await w.edit({
      path: 'src/app.ts',
      edits: [{ old_text: '  return a + b;', new_text: '  const sum = a + b;\n  return sum;' }],
    });
    expect(result.isError).toBe(false);
    expect(text(result)).toBe(
      [
        'Edited src/app.ts: 1 edit, +2 −1 lines.',
        '--- src/app.ts',
        '+++ src/app.ts',
        '@@ -1,5 +1,6 @@',
        ' function add(a, b) {',
        '-  return a + b;',
        '+  const sum = a + b;',
        '+  return sum;',
        ' }',
        ' ',
        ' function sub(a, b) {',
      ].join('\n'),
    );
    expect(w.read('src/app.ts')).toBe(APP.replace('  return a + b;', '  const sum = a + b;\n  return sum;'));
    expect(result.details).toMatchObject({
      added: 2,
      removed: 1,
      edits: [{ index: 0, pass: 'exact', replacements: 1 }],
    });
  });

  it('matches every edit against the original content, not the result of earlier edits', async () => {
    const w = workspace({ 'a.txt': 'alpha\nbeta\ngamma\n' });
    // After the first edit there would be two "beta" lines; the second edit still targets the original one.
    const result = await w.edit({
      path: 'a.txt',
      edits: [
        { old_text: 'alpha', new_text: 'beta' },
        { old_text: 'beta', new_text: 'BETA' },
      ],
    });
    expect(text(result).split('\n')[0]).toBe('Edited a.txt: 2 edits, +1 −1 lines.');
    expect(w.read('a.txt')).toBe('beta\nBETA\ngamma\n');
  });

  it('shows separate hunks for distant edits with file line numbers', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    const w = workspace({ 'n.txt': `${lines.join('\n')}\n` });
    const result = await w.edit({
      path: 'n.txt',
      edits: [
        { old_text: 'line 30\n', new_text: '' },
        { old_text: 'line 5\n', new_text: 'line 5\nline 5b\n' },
      ],
    });
    const out = text(result);
    expect(out).toContain('@@ -3,6 +3,7 @@\n line 3\n line 4\n line 5\n+line 5b\n line 6\n line 7\n line 8');
    expect(out).toContain(
      '@@ -27,7 +28,6 @@\n line 27\n line 28\n line 29\n-line 30\n line 31\n line 32\n line 33',
    );
  });

  it('marks a last line without a newline in the diff', async () => {
    const w = workspace({ 'x.txt': 'a\nb' });
    const result = await w.edit({ path: 'x.txt', edits: [{ old_text: 'b', new_text: 'c' }] });
    expect(text(result)).toBe(
      [
        'Edited x.txt: 1 edit, +1 −1 lines.',
        '--- x.txt',
        '+++ x.txt',
        '@@ -1,2 +1,2 @@',
        ' a',
        '-b',
        '\\ No newline at end of file',
        '+c',
        '\\ No newline at end of file',
      ].join('\n'),
    );
  });
});

describe('edit_file uniqueness and replace_all', () => {
  it('lists every location of a non-unique match and changes nothing', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `x${i}`);
    lines[9] = 'total += 1;';
    lines[41] = 'total += 1;';
    lines[96] = 'total += 1;';
    const w = workspace({ 'src/app.ts': `${lines.join('\n')}\n` });
    const before = w.read('src/app.ts');
    const result = await w.edit({
      path: 'src/app.ts',
      edits: [{ old_text: 'total += 1;', new_text: 'total += 2;' }],
    });
    expect(result.isError).toBe(true);
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toBe(
      'old_text matches 3 places in src/app.ts (lines 10, 42, 97); add surrounding lines to make it unique, or set replace_all to change every one.',
    );
    expect(w.read('src/app.ts')).toBe(before);
  });

  it('shows line ranges for multi-line matches and counts overlapping occurrences', async () => {
    const w = workspace({ 'r.txt': '}\n}\n}\n' });
    const result = await w.edit({ path: 'r.txt', edits: [{ old_text: '}\n}', new_text: '}' }] });
    expect(text(result)).toBe(
      'old_text matches 2 places in r.txt (lines 1-2, 2-3); add surrounding lines to make it unique, or set replace_all to change every one.',
    );
  });

  it('replace_all changes every occurrence', async () => {
    const w = workspace({ 'r.ts': 'let a = foo(1);\nlet b = foo(2);\nfoo(3);\n' });
    const result = await w.edit({
      path: 'r.ts',
      edits: [{ old_text: 'foo(', new_text: 'bar(', replace_all: true }],
    });
    expect(text(result).split('\n')[0]).toBe('Edited r.ts: 1 edit (3 replacements), +3 −3 lines.');
    expect(w.read('r.ts')).toBe('let a = bar(1);\nlet b = bar(2);\nbar(3);\n');
  });

  it('replace_all works with lenient passes too', async () => {
    const w = workspace({ 'r.py': 'if x:\n    print(“hi”)\nelse:\n    print(“hi”)\n' });
    const result = await w.edit({
      path: 'r.py',
      edits: [{ old_text: 'print("hi")', new_text: 'print("bye")', replace_all: true }],
    });
    expect(text(result).split('\n')[0]).toBe(
      'Edited r.py: 1 edit (2 replacements), +2 −2 lines (matched after folding Unicode punctuation, spaces and compatibility forms).',
    );
    expect(w.read('r.py')).toBe('if x:\n    print("bye")\nelse:\n    print("bye")\n');
  });
});

describe('edit_file overlap and all-or-nothing', () => {
  it('refuses overlapping edits, names both, and writes nothing', async () => {
    const w = workspace({ 'o.txt': 'one\ntwo\nthree\nfour\n' });
    const result = await w.edit({
      path: 'o.txt',
      edits: [
        { old_text: 'four', new_text: '4' },
        { old_text: 'one\ntwo', new_text: '1\n2' },
        { old_text: 'two\nthree', new_text: '2\n3' },
      ],
    });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toBe(
      'edits[1] and edits[2] overlap in o.txt (both change line 2); merge them into one edit, or make their old_text cover separate text. Every edit matches the original file, not the result of the edits before it.',
    );
    expect(w.read('o.txt')).toBe('one\ntwo\nthree\nfour\n');
  });

  it('applies no edit when a later one fails', async () => {
    const w = workspace({ 'a.txt': 'alpha\nbeta\n' });
    const result = await w.edit({
      path: 'a.txt',
      edits: [
        { old_text: 'alpha', new_text: 'ALPHA' },
        { old_text: 'delta', new_text: 'DELTA' },
      ],
    });
    expect(result.isError).toBe(true);
    expect(text(result).startsWith('edits[1]: old_text was not found in a.txt.')).toBe(true);
    expect(w.read('a.txt')).toBe('alpha\nbeta\n');
  });
});

describe('edit_file lenient passes', () => {
  it('ignores trailing whitespace and changes only the matched lines', async () => {
    const original = 'keep   \nconst x = 1;   \nconst y = 2;\t\nkeep too  \n';
    const w = workspace({ 't.js': original });
    const result = await w.edit({
      path: 't.js',
      edits: [{ old_text: 'const x = 1;\nconst y = 2;', new_text: 'const x = 10;\nconst y = 20;' }],
    });
    expect(text(result).split('\n')[0]).toBe(
      'Edited t.js: 1 edit, +2 −2 lines (matched ignoring trailing whitespace).',
    );
    expect(w.read('t.js')).toBe('keep   \nconst x = 10;\nconst y = 20;\nkeep too  \n');
  });

  it('ignores indentation and re-indents new_text by the same amount', async () => {
    const original = 'class A {\n    run() {\n        step();\n        done();\n    }\n}\n';
    const w = workspace({ 'a.ts': original });
    const result = await w.edit({
      path: 'a.ts',
      edits: [
        { old_text: 'run() {\n    step();', new_text: 'run() {\n    if (ready) {\n        step();\n    }' },
      ],
    });
    expect(text(result).split('\n')[0]).toBe(
      'Edited a.ts: 1 edit, +3 −1 lines (matched ignoring indentation, new_text re-indented to match the file).',
    );
    expect(w.read('a.ts')).toBe(
      'class A {\n    run() {\n        if (ready) {\n            step();\n        }\n        done();\n    }\n}\n',
    );
  });

  it('maps two-space levels onto the four-space levels the file uses', async () => {
    const original = 'class A {\n    run() {\n        step();\n        done();\n    }\n}\n';
    const w = workspace({ 'a.ts': original });
    const result = await w.edit({
      path: 'a.ts',
      edits: [
        { old_text: '  run() {\n    step();', new_text: '  run() {\n    if (ready) {\n      step();\n    }' },
      ],
    });
    expect(text(result).split('\n')[0]).toBe(
      'Edited a.ts: 1 edit, +3 −1 lines (matched ignoring indentation, new_text re-indented to match the file).',
    );
    expect(w.read('a.ts')).toBe(
      'class A {\n    run() {\n        if (ready) {\n            step();\n        }\n        done();\n    }\n}\n',
    );
  });

  it('re-indents spaces to the tabs the file uses', async () => {
    const w = workspace({ 'g.go': 'func f() {\n\tif ok {\n\t\treturn\n\t}\n}\n' });
    await w.edit({
      path: 'g.go',
      edits: [
        {
          old_text: '    if ok {\n        return\n    }',
          new_text: '    if ok {\n        log()\n        return\n    }',
        },
      ],
    });
    expect(w.read('g.go')).toBe('func f() {\n\tif ok {\n\t\tlog()\n\t\treturn\n\t}\n}\n');
  });

  it('re-indents when only the first line of old_text lost its indentation', async () => {
    const w = workspace({ 'b.ts': 'x();\n    if (a) {\n        b();\n    }\n' });
    await w.edit({
      path: 'b.ts',
      edits: [{ old_text: 'if (a) {\n      b();\n  }', new_text: 'if (a) {\n      c();\n  }' }],
    });
    expect(w.read('b.ts')).toBe('x();\n    if (a) {\n        c();\n    }\n');
  });

  it('normalizes Unicode quotes, dashes and spaces inside a line and keeps the rest of it', async () => {
    const original = 'say(“hello”) — wave\u00a0now;  // note\nother “quoted” line\n';
    const w = workspace({ 'u.js': original });
    const result = await w.edit({
      path: 'u.js',
      edits: [{ old_text: 'say("hello") - wave now;', new_text: 'say("bye");' }],
    });
    expect(text(result).split('\n')[0]).toBe(
      'Edited u.js: 1 edit, +1 −1 lines (matched after folding Unicode punctuation, spaces and compatibility forms).',
    );
    expect(w.read('u.js')).toBe('say("bye");  // note\nother “quoted” line\n');
  });

  it('combines Unicode normalization with indentation for whole lines', async () => {
    const w = workspace({ 'q.py': 'def f():\n    msg = ‘hi’\n    return msg\n' });
    await w.edit({
      path: 'q.py',
      edits: [{ old_text: "msg = 'hi'\nreturn msg", new_text: "msg = 'bye'\nreturn msg" }],
    });
    expect(w.read('q.py')).toBe("def f():\n    msg = 'bye'\n    return msg\n");
  });

  it('never touches lines outside the match, byte for byte', async () => {
    const untouched = ['  trailing  ', '\t\tmixed \t', 'curly “q” – dash', 'nbsp\u00a0here', ''];
    const original = `${untouched.join('\n')}\n    target line  \n${untouched.join('\n')}\n`;
    const w = workspace({ 'k.txt': original });
    await w.edit({ path: 'k.txt', edits: [{ old_text: 'target line', new_text: 'changed line' }] });
    const after = w.read('k.txt');
    expect(after).toBe(original.replace('target line', 'changed line'));
    await w.edit({ path: 'k.txt', edits: [{ old_text: '  changed line\n', new_text: 'again\n' }] });
    // The match was two spaces deeper than old_text, so new_text moves two spaces deeper too.
    expect(w.read('k.txt')).toBe(`${untouched.join('\n')}\n  again\n${untouched.join('\n')}\n`);
  });

  it('reports ambiguity found by a lenient pass with that pass named', async () => {
    const w = workspace({ 'd.txt': 'a  \nb\na\t\nb\n' });
    const result = await w.edit({ path: 'd.txt', edits: [{ old_text: 'a\nb', new_text: 'c' }] });
    expect(text(result)).toBe(
      'old_text matches 2 places in d.txt (matched ignoring trailing whitespace) (lines 1-2, 3-4); add surrounding lines to make it unique, or set replace_all to change every one.',
    );
  });

  it('says so when the edits would leave the file unchanged', async () => {
    const w = workspace({ 's.txt': 'a  \nb\n' });
    const result = await w.edit({ path: 's.txt', edits: [{ old_text: 'a\nb', new_text: 'a  \nb' }] });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('The edits leave s.txt unchanged: new_text equals the text it would replace.');
  });
});

describe('edit_file failure diagnostics', () => {
  it('shows the closest candidate, numbered, and the line that differs', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `// filler ${i + 1}`);
    lines.splice(11, 3, 'function add(a, b) {', '  return a + b;', '}');
    const w = workspace({ 'src/app.ts': `${lines.join('\n')}\n` });
    const result = await w.edit({
      path: 'src/app.ts',
      edits: [{ old_text: 'function add(a, b) {\n  return a+b;\n}', new_text: 'x' }],
    });
    expect(result.outcome.errorClass).toBe('not_found');
    expect(text(result)).toBe(
      [
        'old_text was not found in src/app.ts. The closest text is at lines 12-14:',
        '    12\tfunction add(a, b) {',
        '    13\t  return a + b;',
        '    14\t}',
        'line 13 differs: expected "  return a+b;" found "  return a + b;" (only whitespace differs)',
        'If you meant lines 12-14, send old_text copied from them exactly as shown (without the line-number column); otherwise read the file again and copy old_text from the lines you mean.',
      ].join('\n'),
    );
  });

  it('spells out invisible differences', async () => {
    const w = workspace({ 'i.txt': 'first\nname:\tvalue here\nlast\n' });
    const result = await w.edit({
      path: 'i.txt',
      edits: [{ old_text: 'first\nname:  value here\nlast', new_text: 'x' }],
    });
    expect(text(result)).toContain(
      'line 2 differs: expected "name:  value here" found "name:\\tvalue here" (only whitespace differs)',
    );
  });

  it('says when nothing resembles old_text', async () => {
    const w = workspace({ 'n.txt': 'alpha\nbeta\n' });
    const result = await w.edit({
      path: 'n.txt',
      edits: [{ old_text: 'completely unrelated words', new_text: 'x' }],
    });
    expect(text(result)).toBe(
      'old_text was not found in n.txt. Nothing in it closely resembles old_text (its first line is "completely unrelated words"). Copy old_text exactly from the current file (read it again if unsure), then retry.',
    );
  });

  it('recognizes pasted line numbers', async () => {
    const w = workspace({ 'p.txt': 'one\ntwo\n' });
    const result = await w.edit({
      path: 'p.txt',
      edits: [{ old_text: '     1\tone\n     2\ttwo', new_text: 'x' }],
    });
    expect(text(result)).toContain(
      'old_text seems to start each line with a line number, as read_file shows them; leave the numbers out.',
    );
  });

  it('says when the file is empty', async () => {
    const w = workspace({ 'e.txt': '' });
    const result = await w.edit({ path: 'e.txt', edits: [{ old_text: 'x', new_text: 'y' }] });
    expect(text(result)).toBe(
      'old_text was not found in e.txt. The file is empty; use write_file to give it content.',
    );
  });

  it('explains a final newline the file does not have', async () => {
    const w = workspace({ 'e.txt': 'start\nend' });
    const result = await w.edit({ path: 'e.txt', edits: [{ old_text: 'start\nend\n', new_text: 'x\n' }] });
    expect(text(result)).toContain(
      'old_text ends with a newline, but line 2 is the last line of the file and has none.',
    );
  });

  it('finds the closest text in a large file by its rare words', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `  value${i % 50} = compute(${i % 10});`);
    lines[180_000] = '  const retryBudget = computeRetryBudget(options.maxAttempts);';
    const w = workspace({ 'big.ts': `${lines.join('\n')}\n` });
    const result = await w.edit({
      path: 'big.ts',
      edits: [{ old_text: '  const retryBudget = computeRetryBudget(options.maxAttempt);', new_text: 'x' }],
    });
    expect(text(result)).toContain(
      'The closest text is at line 180001:\n180001\t  const retryBudget = computeRetryBudget(options.maxAttempts);',
    );
  });
});

describe('edit_file arguments', () => {
  it('refuses an edit whose old_text equals new_text before reading the file', async () => {
    const w = workspace({ 'a.txt': 'a\n' });
    const result = await w.edit({ path: 'a.txt', edits: [{ old_text: 'a', new_text: 'a' }] });
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toBe('old_text and new_text are the same, so this edit would change nothing.');
  });

  it('requires at least one edit and a non-empty old_text', async () => {
    const w = workspace({ 'a.txt': 'a\n' });
    expect((await w.edit({ path: 'a.txt', edits: [] })).outcome.errorClass).toBe('invalid_arguments');
    expect(
      (await w.edit({ path: 'a.txt', edits: [{ old_text: '', new_text: 'b' }] })).outcome.errorClass,
    ).toBe('invalid_arguments');
    expect(w.read('a.txt')).toBe('a\n');
  });

  it('accepts the shapes other tools taught models: top-level old_string/new_string and file_path', async () => {
    const w = workspace({ 'a.txt': 'one two\n' });
    expect((await w.edit({ file_path: 'a.txt', old_string: 'one', new_string: '1' })).isError).toBe(false);
    expect(
      (await w.edit({ path: 'a.txt', edits: JSON.stringify([{ oldText: 'two', newText: '2' }]) })).isError,
    ).toBe(false);
    expect(w.read('a.txt')).toBe('1 2\n');
  });
});
