import { describe, expect, it } from 'vitest';
import { text } from '../../../support/results.js';
import { workspace } from './helpers.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('edit_file keeps the bytes it did not change', () => {
  it('keeps a UTF-8 BOM', async () => {
    const w = workspace({ 'b.txt': Buffer.concat([BOM, Buffer.from('first\nsecond\n')]) });
    const result = await w.edit({ path: 'b.txt', edits: [{ old_text: 'second', new_text: '2nd' }] });
    expect(result.isError).toBe(false);
    expect(w.bytes('b.txt')).toEqual(Buffer.concat([BOM, Buffer.from('first\n2nd\n')]));
  });

  it('matches LF old_text in a CRLF file and writes CRLF back', async () => {
    const w = workspace({ 'w.txt': 'one\r\ntwo\r\nthree\r\n' });
    await w.edit({ path: 'w.txt', edits: [{ old_text: 'one\ntwo\n', new_text: 'uno\ndos\nextra\n' }] });
    expect(w.bytes('w.txt').toString('latin1')).toBe('uno\r\ndos\r\nextra\r\nthree\r\n');
  });

  it('accepts CRLF in old_text and new_text', async () => {
    const w = workspace({ 'w.txt': 'one\r\ntwo\r\n' });
    await w.edit({ path: 'w.txt', edits: [{ old_text: 'one\r\ntwo', new_text: '1\r\n2' }] });
    expect(w.bytes('w.txt').toString('latin1')).toBe('1\r\n2\r\n');
  });

  it('keeps mixed line endings of untouched lines, byte for byte', async () => {
    const original = 'a\r\nb\nc\r\nd\ne\r\n';
    const w = workspace({ 'm.txt': original });
    await w.edit({
      path: 'm.txt',
      edits: [
        { old_text: 'c\n', new_text: 'C\nC2\n' },
        { old_text: 'e', new_text: 'E' },
      ],
    });
    expect(w.bytes('m.txt').toString('latin1')).toBe('a\r\nb\nC\r\nC2\r\nd\nE\r\n');
  });

  it('keeps BOM, CRLF and every other line when a lenient pass matches', async () => {
    const lines = ['  keep  ', '\tkeep “this”', '    target();   ', '    next();', 'tail \t'];
    const original = Buffer.concat([BOM, Buffer.from(`${lines.join('\r\n')}\r\n`)]);
    const w = workspace({ 'l.ts': original });
    const result = await w.edit({
      path: 'l.ts',
      edits: [{ old_text: 'target();\nnext();', new_text: 'changed();\nnext();' }],
    });
    expect(text(result).split('\n')[0]).toBe(
      'Edited l.ts: 1 edit, +1 −1 lines (matched ignoring indentation, new_text re-indented to match the file).',
    );
    const expected = ['  keep  ', '\tkeep “this”', '    changed();', '    next();', 'tail \t'];
    expect(w.bytes('l.ts')).toEqual(Buffer.concat([BOM, Buffer.from(`${expected.join('\r\n')}\r\n`)]));
  });

  it('computes byte positions right around multi-byte characters', async () => {
    const w = workspace({ 'u.txt': 'héllo wörld\r\n日本語テキスト\r\n🎉 done\r\n' });
    await w.edit({
      path: 'u.txt',
      edits: [
        { old_text: 'wörld', new_text: 'wëlt' },
        { old_text: '本語', new_text: 'ほんご' },
        { old_text: '🎉 done', new_text: '✅ finished' },
      ],
    });
    expect(w.read('u.txt')).toBe('héllo wëlt\r\n日ほんごテキスト\r\n✅ finished\r\n');
  });
});

describe('edit_file refuses what is not UTF-8 text', () => {
  it('refuses a binary file and leaves it alone', async () => {
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x61, 0x62]);
    const w = workspace({ 'x.bin': data });
    const result = await w.edit({ path: 'x.bin', edits: [{ old_text: 'ab', new_text: 'cd' }] });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'Cannot edit x.bin: it looks like a binary file (it contains NUL bytes). edit_file edits UTF-8 text only.',
    );
    expect(w.bytes('x.bin')).toEqual(data);
  });

  it('refuses Latin-1 and UTF-16 text', async () => {
    const w = workspace({
      'l.txt': Buffer.from('caf\xe9\n', 'latin1'),
      'u16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\n', 'utf16le')]),
    });
    expect(text(await w.edit({ path: 'l.txt', edits: [{ old_text: 'caf', new_text: 'tea' }] }))).toBe(
      'Cannot edit l.txt: it is not valid UTF-8 (perhaps Latin-1 or another encoding). edit_file edits UTF-8 text only.',
    );
    expect(text(await w.edit({ path: 'u16.txt', edits: [{ old_text: 'hi', new_text: 'ho' }] }))).toBe(
      'Cannot edit u16.txt: it is UTF-16 text. edit_file edits UTF-8 text only.',
    );
    expect(w.bytes('l.txt')).toEqual(Buffer.from('caf\xe9\n', 'latin1'));
  });
});
