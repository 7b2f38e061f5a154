import { describe, expect, it } from 'vitest';
import {
  foldForMatch,
  foldWithOffsets,
  indentationSignificant,
  indentLevel,
  indentOf,
  indentUnit,
  mayFold,
} from '../../../src/tools/fs/text-fold.js';

describe('foldForMatch', () => {
  it('folds typographic quotes, dashes and spaces to ASCII', () => {
    expect(foldForMatch('say \u201Chi\u201D \u2018there\u2019 \u2014 a\u2013b \u22121')).toBe(
      'say "hi" \'there\' - a-b -1',
    );
    expect(foldForMatch('a\u00A0b\u2009c\u3000d\u202Fe')).toBe('a b c d e');
  });

  it('folds the ellipsis to three dots, changing the length', () => {
    expect(foldForMatch('wait\u2026')).toBe('wait...');
  });

  it('folds NFKC compatibility forms: fullwidth punctuation and letters, ligatures', () => {
    expect(foldForMatch('a\uFF0C b')).toBe('a, b');
    expect(foldForMatch('\uFF21\uFF22\uFF23\uFF11')).toBe('ABC1');
    expect(foldForMatch('\uFB01le')).toBe('file');
  });

  it('folds a precomposed letter and its decomposed spelling alike, and drops zero-width spaces', () => {
    expect(foldForMatch('caf\u00E9')).toBe(foldForMatch('cafe\u0301'));
    expect(foldForMatch('a\u200Bb')).toBe('ab');
  });

  it('keeps ASCII text, tabs, newlines and carriage returns as they are', () => {
    const text = 'if (a) {\n\treturn "x";\r\n}\r';
    expect(mayFold(text)).toBe(false);
    expect(foldForMatch(text)).toBe(text);
  });

  it('keeps line i of the fold the fold of line i', () => {
    const lines = ['print(\u201Chi\u201D)', '\u2026', 'x\u00A0=\u00A01'];
    expect(foldForMatch(lines.join('\n')).split('\n')).toEqual(lines.map(foldForMatch));
  });
});

describe('foldWithOffsets', () => {
  it('maps a match in the folded text back to whole characters of the original', () => {
    const original = 'log(\u201Cwait\u2026\u201D); done';
    const { folded, origin } = foldWithOffsets(original);
    expect(folded).toBe('log("wait..."); done');
    const start = folded.indexOf('wait...');
    const end = start + 'wait...'.length;
    expect(original.slice(origin[start], origin[end])).toBe('wait\u2026');
    expect(original.slice(origin[folded.indexOf('done')])).toBe('done');
    expect(origin[folded.length]).toBe(original.length);
  });

  it('is the identity map for text that does not fold', () => {
    const { folded, origin } = foldWithOffsets('abc');
    expect(folded).toBe('abc');
    expect([...origin]).toEqual([0, 1, 2, 3]);
  });
});

describe('indentationSignificant', () => {
  it.each([
    'app.py',
    'stubs.pyi',
    'ci.yml',
    'compose.yaml',
    'Main.hs',
    'Program.fs',
    'script.fsx',
    'tool.nim',
    'app.coffee',
    'page.pug',
    'rules.mk',
  ])('is true for %s', (file) => {
    expect(indentationSignificant(file, 'x\n')).toBe(true);
  });

  it('is true for Makefiles by name, in any directory', () => {
    expect(indentationSignificant('build/Makefile', 'all:\n\tcc a.c\n')).toBe(true);
    expect(indentationSignificant('GNUmakefile', '')).toBe(true);
  });

  it('is true for an extensionless script whose #! names Python', () => {
    expect(indentationSignificant('bin/tool', '#!/usr/bin/env python3\nimport sys\n')).toBe(true);
    expect(indentationSignificant('bin/tool', '#!/bin/sh\necho hi\n')).toBe(false);
  });

  it('is true for Markdown with lists, false for Markdown without', () => {
    expect(indentationSignificant('README.md', '# Title\n\n- one\n  - nested\n')).toBe(true);
    expect(indentationSignificant('README.md', '# Title\n\n1. first\n')).toBe(true);
    expect(indentationSignificant('README.md', '# Title\n\nJust prose.\n')).toBe(false);
  });

  it.each([
    // Starlark, by extension and by name.
    ...['build/defs.bzl', 'rules.star', 'BUILD', 'pkg/BUILD.bazel', 'WORKSPACE', 'MODULE.bazel', 'Tiltfile'],
    ...['SConstruct', 'src/SConscript'],
    // Python's relatives.
    ...['game/script.rpy', 'main.mojo', 'fast.pyx', 'fast.pxd', 'stubs.pyi', 'player.gd'],
    // YAML under other names, and under a template suffix.
    ...[
      'compose.yml.j2',
      'values.yaml.j2',
      'config.yml.erb',
      'salt/init.sls',
      '.clang-format',
      '.clang-tidy',
    ],
    '.yamllint',
    ...['snippets.cson', 'queue.moon', 'docs/index.rst', 'nav.sass', '_nav.html.haml', 'card.styl'],
  ])('is true for %s', (file) => {
    expect(indentationSignificant(file, 'x\n')).toBe(true);
  });

  it('is true for a script whose #! runs Python through uv, pipx or pypy', () => {
    for (const shebang of [
      '#!/usr/bin/env -S uv run --script',
      '#!/usr/bin/env -S pipx run',
      '#!/usr/bin/pypy3',
    ]) {
      expect(indentationSignificant('tools/sync', `${shebang}\nimport sys\n`)).toBe(true);
    }
    expect(indentationSignificant('tools/sync', '#!/usr/bin/env bash\nuv run x\n')).toBe(false);
  });

  it('is true for an INI file with continuation lines, false for one without', () => {
    const cfg = '[options]\ninstall_requires =\n    requests>=2\npython_requires = >=3.9\n';
    expect(indentationSignificant('setup.cfg', cfg)).toBe(true);
    expect(indentationSignificant('tox.ini', cfg)).toBe(true);
    expect(indentationSignificant('app.ini', '[server]\nport = 80\n; comment\n')).toBe(false);
  });

  it.each([
    'app.ts',
    'main.go',
    'lib.rs',
    'Main.java',
    'x.c',
    'data.json',
    'run.sh',
    'config.h.in',
    'page.html.j2',
  ])('is false for %s', (file) => {
    expect(indentationSignificant(file, 'x\n')).toBe(false);
  });
});

describe('indentUnit', () => {
  it('finds tabs', () => {
    expect(indentUnit(['func f() {', '\tif x {', '\t\treturn', '\t}', '}'])).toEqual({
      char: '\t',
      width: 1,
      unit: '\t',
    });
  });

  it('finds the width of space indentation from the steps between levels', () => {
    expect(indentUnit(['def f():', '    if x:', '        return 1', '    return 2'])?.width).toBe(4);
    expect(indentUnit(['a:', '  b:', '    c: 1', '  d: 2'])?.width).toBe(2);
  });

  it('is not fooled by a continuation line aligned at an odd column', () => {
    const lines = [
      'def f(a,',
      '      b):',
      '    if a:',
      '        return b',
      '    for x in a:',
      '        print(x)',
    ];
    expect(indentUnit(lines)?.unit).toBe('    ');
  });

  it('is undefined when no line is indented', () => {
    expect(indentUnit(['a', '', 'b'])).toBeUndefined();
  });

  it('converts between indentation and levels', () => {
    const spaces = indentUnit(['a', '    b'])!;
    expect(indentLevel('        ', spaces)).toBe(2);
    expect(indentOf(2, spaces)).toBe('        ');
    const tabs = indentUnit(['a', '\tb'])!;
    expect(indentLevel('\t\t', tabs)).toBe(2);
    expect(indentOf(3, tabs)).toBe('\t\t\t');
  });
});
