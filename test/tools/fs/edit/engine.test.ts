import { describe, expect, it } from 'vitest';
import { diffReplacements, diffTexts, formatDiff } from '../../../../src/tools/fs/diff-summary.js';
import { prepareEditArguments } from '../../../../src/tools/fs/edit/arguments.js';
import {
  countNewlines,
  lineEndAfter,
  lineStartBefore,
  SplitLines,
} from '../../../../src/tools/fs/edit/lines.js';
import { planEdits } from '../../../../src/tools/fs/edit/plan.js';
import { reindent } from '../../../../src/tools/fs/edit/reindent.js';
import { decodeText, encodeEdited } from '../../../../src/tools/fs/edit/text-encoding.js';
import { foldForMatch } from '../../../../src/tools/fs/text-fold.js';

describe('line helpers', () => {
  const text = '\nab\n\ncd\nef';

  it('walks back and forward whole lines, including empty ones', () => {
    expect(lineStartBefore(text, 5, 0)).toBe(5); // "cd"
    expect(lineStartBefore(text, 5, 1)).toBe(4); // ""
    expect(lineStartBefore(text, 5, 2)).toBe(1); // "ab"
    expect(lineStartBefore(text, 5, 3)).toBe(0); // "" (first line)
    expect(lineStartBefore(text, 5, 10)).toBe(0);
    expect(lineEndAfter(text, 6, 0)).toBe(8); // end of "cd\n"
    expect(lineEndAfter(text, 8, 0)).toBe(8); // a span ending with a newline ends its line
    expect(lineEndAfter(text, 6, 5)).toBe(text.length);
    expect(countNewlines(text, 0, text.length)).toBe(4);
  });

  it('finds the line of an offset', () => {
    const split = new SplitLines(text);
    expect(split.lines).toEqual(['', 'ab', '', 'cd', 'ef']);
    expect([0, 1, 3, 4, 5, 9, 10].map((o) => split.lineOf(o))).toEqual([0, 1, 1, 2, 3, 4, 4]);
  });
});

describe('text encoding', () => {
  const edit = (raw: string | Buffer, start: number, end: number, rep: string) => {
    const decoded = decodeText(Buffer.from(raw));
    if (!('doc' in decoded)) throw new Error(decoded.problem);
    return encodeEdited(decoded.doc, [{ start, end, text: rep }]).toString('latin1');
  };

  it('maps LF offsets back into a CRLF original', () => {
    // LF text: "a\nb\nc\n"; replace "b\n" (2..4) with "x\ny\n"
    expect(edit('a\r\nb\r\nc\r\n', 2, 4, 'x\ny\n')).toBe('a\r\nx\r\ny\r\nc\r\n');
    // A span ending right before a newline keeps that line's CRLF
    expect(edit('a\r\nb\r\n', 2, 3, 'B')).toBe('a\r\nB\r\n');
  });

  it('uses the line ending of the line a replacement lands on in a mixed file', () => {
    expect(edit('a\nb\r\nc\n', 0, 1, '1\n2')).toBe('1\n2\nb\r\nc\n');
    expect(edit('a\nb\r\nc\n', 2, 3, '1\n2')).toBe('a\n1\r\n2\r\nc\n');
  });

  it('keeps the BOM and decodes without it', () => {
    const decoded = decodeText(Buffer.from('\ufeffhi\n'));
    expect('doc' in decoded && decoded.doc.text).toBe('hi\n');
    expect(edit('\ufeffhi\n', 0, 2, 'yo')).toBe(Buffer.from('\ufeffyo\n').toString('latin1'));
  });
});

describe('matching engine', () => {
  it('folds look-alike punctuation to ASCII for matching', () => {
    const fancy = '“a” ‘b’ c—d e–f g\u00a0h \u2212 i…';
    expect(foldForMatch(fancy)).toBe('"a" \'b\' c-d e-f g h - i...');
  });

  it('re-indents by a base shift, a unit change, and tabs for spaces', () => {
    expect(reindent('a\n  b', ['x', '  y'], ['    x', '      y'])).toEqual({
      text: '    a\n      b',
      shifted: true,
    });
    expect(reindent('a\n  b\n    c', ['x', '  y'], ['x', '    y'])).toEqual({
      text: 'a\n    b\n        c',
      shifted: true,
    });
    expect(reindent('    a\n        b', ['    x'], ['\tx'])).toEqual({ text: '\ta\n\t\tb', shifted: true });
    expect(reindent('a', ['  x'], ['  x'])).toEqual({ text: 'a', shifted: false });
  });

  it('anchors a lenient multi-line match and replaces only those lines', () => {
    const text = 'keep\n  one  \n  two\nkeep\n';
    const plan = planEdits(text, [{ old_text: 'one\ntwo\n', new_text: 'ONE\nTWO\n' }], 'f');
    expect(plan.edits[0]).toMatchObject({ pass: 'indentation', count: 1, shifted: true });
    expect(plan.replacements).toEqual([{ start: 5, end: 19, text: '  ONE\n  TWO\n', edit: 0 }]);
  });

  it('does not let whitespace-only old_text match blank lines leniently', () => {
    expect(() => planEdits('a\n\n\nb\n', [{ old_text: '  \n  ', new_text: 'x' }], 'f')).toThrow(
      /was not found/,
    );
  });
});

describe('diff summary', () => {
  it('merges replacements whose context touches into one hunk and numbers lines from the file', () => {
    const text = `${Array.from({ length: 30 }, (_, i) => `l${i + 1}`).join('\n')}\n`;
    const at = (s: string) => text.indexOf(`${s}\n`);
    const summary = diffReplacements(text, [
      { start: at('l10'), end: at('l10') + 3, text: 'L10' },
      { start: at('l14'), end: at('l14') + 4, text: '' },
      { start: at('l28'), end: at('l28'), text: 'new\n' },
    ]);
    expect(summary.added).toBe(2);
    expect(summary.removed).toBe(2);
    expect(summary.hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [7, 11, 7, 10],
      [25, 6, 24, 7],
    ]);
  });

  it('shows an unrelated rewrite as one replaced block without running Myers', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 2000 }, (_, i) => `new ${i}`).join('\n');
    const summary = diffTexts(`keep\n${before}\nend\n`, `keep\n${after}\nend\n`);
    expect(summary).toMatchObject({ added: 2000, removed: 3000 });
    const out = formatDiff('f', summary, 5).split('\n');
    expect(out).toEqual([
      '--- f',
      '+++ f',
      '@@ -1,3002 +1,2002 @@',
      ' keep',
      '-old 0',
      '-old 1',
      '-old 2',
      '... (4998 more diff lines not shown)',
    ]);
  });

  it('returns nothing for identical texts', () => {
    expect(formatDiff('f', diffTexts('same', 'same'), 10)).toBe('');
  });
});

describe('argument shapes', () => {
  it('wraps a top-level edit and renames aliases', () => {
    expect(prepareEditArguments({ file_path: 'a', oldText: 'x', newText: 'y', replaceAll: true })).toEqual({
      path: 'a',
      edits: [{ old_text: 'x', new_text: 'y', replace_all: true }],
    });
    expect(prepareEditArguments({ path: 'a', edits: { old_str: 'x', new_str: 'y' } })).toEqual({
      path: 'a',
      edits: [{ old_text: 'x', new_text: 'y' }],
    });
    expect(prepareEditArguments('nonsense')).toBe('nonsense');
  });
});
